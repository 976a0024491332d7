import FoldoutBase
import FoldoutImages
import Foundation
import Testing

/// libvips' warnings are told to the photo being made when they are logged: on its own
/// thread, or on one of libvips' threads while it is the only photo being made; while
/// several are, each hears it and is told so.
@Suite(.serialized) struct LibvipsMessagesTests {
    let messages = LibvipsMessages(hearingNothing: ())

    @Test func aMessageOnThePhotosThreadIsItsOwn() {
        let said = messages.during {
            messages.hear("read gave 2 warnings\n", thread: UInt(pthread_self()))
            messages.hear("read gave 2 warnings", thread: UInt(pthread_self()))
        }.messages
        #expect(said == ["read gave 2 warnings"], "once, on one line")
    }

    @Test func aMessageOnAnotherThreadIsTheOnlyPhotosOrEveryOnesSayingSo() {
        let other: UInt = 1  // no thread of this process has this id
        let alone = messages.during { messages.hear("VipsJpeg: Premature end of JPEG file", thread: other) }.messages
        #expect(alone == ["VipsJpeg: Premature end of JPEG file"])
        #expect(!LibvipsMessages.wasHeardAmongOthers(alone[0]))

        let (first, second) = twoPhotosAtOnce { messages.hear("lost in a worker", thread: other) }
        #expect(first.count == 1 && first[0].hasPrefix("lost in a worker (logged while 2 photos were being made"))
        #expect(second == first)
        #expect(LibvipsMessages.wasHeardAmongOthers(first[0]))
    }

    /// Two sites built at once in one process (tests do) make photos of the same name: what
    /// one photo's thread hears is never the other's.
    @Test func aMessageOnOnePhotosThreadIsNotHeardByAnotherMadeMeanwhile() {
        let (first, second) = twoPhotosAtOnce { messages.hear("VipsJpeg: Corrupt JPEG data", thread: UInt(pthread_self())) }
        #expect(first == ["VipsJpeg: Corrupt JPEG data"])
        #expect(second == [])
    }

    /// A header read or a drawing on another thread (a test's own call, the starter site's
    /// photos) is no photo, but it may be what libvips' own threads are talking about: while
    /// it runs, their messages are not surely the photo's; its own thread's reach no photo.
    @Test func aCallIntoLibvipsBesideAPhotoMakesTheWorkersMessagesUncertain() {
        let other: UInt = 1  // no thread of this process has this id
        let started = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        let callingThread = Box()
        let thread = Thread {
            messages.calling {
                callingThread.set(["\(UInt(pthread_self()))"])
                started.signal()
                done.wait()
            }
        }
        let said = messages.during {
            thread.start()
            started.wait()
            messages.hear("heifload: ignoring nclx profile", thread: other)
            messages.hear("said on the calling thread", thread: UInt(callingThread.get()![0])!)
            done.signal()
        }.messages
        #expect(said.count == 1, "\(said)")
        #expect(said.first.map(LibvipsMessages.wasHeardAmongOthers) == true, "\(said)")
        #expect(messages.takeStrays().isEmpty)
    }

    /// What each of two photos heard, the second made on another thread while the first's
    /// making is open and runs `meanwhile` on its own thread.
    func twoPhotosAtOnce(_ meanwhile: () -> Void) -> (first: [String], second: [String]?) {
        let started = DispatchSemaphore(value: 0), heard = DispatchSemaphore(value: 0)
        let box = Box()
        let thread = Thread {
            box.set(
                messages.during {
                    started.signal()
                    heard.wait()
                }.messages)
        }
        let first = messages.during {
            thread.start()
            started.wait()
            meanwhile()
            heard.signal()
            while box.get() == nil { Thread.sleep(forTimeInterval: 0.001) }
        }.messages
        return (first, box.get())
    }

    final class Box: @unchecked Sendable {
        private let lock = NSLock()
        private var value: [String]?
        func set(_ new: [String]) { lock.withLock { value = new } }
        func get() -> [String]? { lock.withLock { value } }
    }
}
