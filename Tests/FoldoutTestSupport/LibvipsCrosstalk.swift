import FoldoutBase
import FoldoutImages

extension [Diagnostic] {
    /// These, less what libvips logged on a thread of its own while several photos were being
    /// made. libvips has one log for the process, and the test process builds many sites at
    /// once, damaged photos among them: such a message may be another test's.
    package var sureOfTheirPhoto: [Diagnostic] {
        filter { !LibvipsMessages.wasHeardAmongOthers($0.message) }
    }
}
