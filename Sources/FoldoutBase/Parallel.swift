import Dispatch
import Foundation

/// Work spread over all cores, results kept in input order.
package enum Parallel {
    /// `chunkSize` is how many inputs one task takes; by default the inputs are cut into
    /// 32 chunks per core, at most 64 inputs each: small enough that the last chunk leaves
    /// the other cores idle for little, large enough that the cost of a task stays small
    /// next to its work. Inputs of very different cost (a catalog page of thousands of rows
    /// among item pages) want 1, with the costly ones first, so no core is left with two of
    /// them while the other idles.
    ///
    /// It throws what `transform` throws (the first error, whichever thread met it), and
    /// nothing when `transform` throws nothing.
    package static func map<Input, Output, Failure: Error>(
        _ inputs: [Input], chunkSize: Int? = nil,
        _ transform: (Input) throws(Failure) -> Output
    ) throws(Failure) -> [Output] {
        let count = inputs.count
        // Each output is made in its place in the array returned: no array of optional
        // results to move them out of afterwards, which would be another copy of them all,
        // in fresh memory, made on one core.
        let failure = FirstFailure<Failure>()
        let outputs = [Output](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Which places hold an output, for the outputs to be freed when a transform throws.
            var made = [Bool](repeating: false, count: count)
            made.withUnsafeMutableBufferPointer { madeBuffer in
                nonisolated(unsafe) let (slots, marks) = (buffer, madeBuffer)
                inputs.withUnsafeBufferPointer { source in
                    nonisolated(unsafe) let items = source
                    // Chunks keep the per-task overhead small next to one page's work.
                    let chunk = chunkSize ?? max(1, min(64, count / (ProcessInfo.processInfo.activeProcessorCount * 32)))
                    let chunks = (count + chunk - 1) / chunk
                    withoutActuallyEscaping(transform) { transform in
                        nonisolated(unsafe) let work = transform
                        DispatchQueue.concurrentPerform(iterations: chunks) { index in
                            for position in (index * chunk)..<min(count, (index + 1) * chunk) {
                                do throws(Failure) {
                                    (slots.baseAddress! + position).initialize(to: try work(items[position]))
                                    marks[position] = true
                                } catch {
                                    failure.record(error)
                                }
                            }
                        }
                    }
                }
            }
            if failure.error == nil {
                initialized = count
            } else {
                for position in 0..<count where made[position] { (buffer.baseAddress! + position).deinitialize(count: 1) }
                initialized = 0
            }
        }
        if let error = failure.error { throw error }
        return outputs
    }

    /// The first error a transform threw, from whichever thread.
    private final class FirstFailure<Failure: Error>: @unchecked Sendable {
        private let lock = NSLock()
        private var first: Failure?

        package var error: Failure? { lock.withLock { first } }

        package func record(_ error: Failure) {
            lock.withLock { if first == nil { first = error } }
        }
    }
}

extension Parallel {
    /// `map` over values handed over one by one: each input is moved out of `inputs` (which
    /// is left all nil) and freed as soon as its transform returns, not when the whole map
    /// is done. For large values needed once, such as a file's bytes or a page's Markdown:
    /// each copy of the site's text is as large as the site.
    package static func mapTaking<Input, Output, Failure: Error>(
        _ inputs: inout [Input?], chunkSize: Int? = nil,
        _ transform: (Input) throws(Failure) -> Output
    ) throws(Failure) -> [Output] {
        let outputs = inputs.withUnsafeMutableBufferPointer { buffer in
            // Each index is taken by exactly one task.
            nonisolated(unsafe) let slots = buffer
            return Result { () throws(Failure) in
                try map(Array(slots.indices), chunkSize: chunkSize) { index throws(Failure) in try transform(slots[index].take()!) }
            }
        }
        return try outputs.get()
    }
}

extension Parallel {
    /// `first` and `second` side by side, on two cores when another is free (one after the
    /// other on the calling thread when not), for two independent pieces of work in a stage
    /// that would leave a core idle. Neither should use `map` itself: libdispatch runs a
    /// `concurrentPerform` inside another on the calling thread alone (the render keys'
    /// parallel row digests, made beside the anchor index, once ran so).
    package static func both<First, Second>(_ first: () -> First, _ second: () -> Second) -> (First, Second) {
        var results: (First?, Second?) = (nil, nil)
        withUnsafeMutablePointer(to: &results) { pointer in
            nonisolated(unsafe) let slots = pointer
            withoutActuallyEscaping(first) { first in
                withoutActuallyEscaping(second) { second in
                    nonisolated(unsafe) let (first, second) = (first, second)
                    // Each index is run by exactly one thread, writing its own slot.
                    DispatchQueue.concurrentPerform(iterations: 2) { index in
                        if index == 0 { slots.pointee.0 = first() } else { slots.pointee.1 = second() }
                    }
                }
            }
        }
        return (results.0!, results.1!)
    }
}
