import Dispatch

/// Wall-clock time per named stage, for the timing line (`foldout build --timings`).
package struct StageClock {
    package init() {}

    private var last = DispatchTime.now().uptimeNanoseconds
    package private(set) var laps: [(stage: String, seconds: Double)] = []

    package mutating func lap(_ stage: String) {
        let now = DispatchTime.now().uptimeNanoseconds
        laps.append((stage, Double(now - last) / 1e9))
        last = now
    }

    /// Adds laps another clock timed (a stage run elsewhere), the next lap starting now.
    package mutating func append(_ other: [(stage: String, seconds: Double)]) {
        laps += other
        last = DispatchTime.now().uptimeNanoseconds
    }
}
