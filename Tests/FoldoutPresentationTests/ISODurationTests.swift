import FoldoutPresentation
import Testing

/// Lengths of time as people write them in front matter, read as ISO 8601 (schema.org's
/// `Duration`).
@Suite struct ISODurationTests {
    @Test(arguments: [
        ("6 hours", "PT6H"), ("1 hour", "PT1H"), ("90 min", "PT90M"), ("1h 30m", "PT1H30M"), ("2 hours and 30 minutes", "PT2H30M"),
        ("1.5 hours", "PT1.5H"), ("3 weeks", "P3W"), ("2 days, 4 hours", "P2DT4H"), ("6 months", "P6M"), ("1 year", "P1Y"),
        ("45 seconds", "PT45S"), ("  4h 40m ", "PT4H40M"), ("1 Hour 20 Minutes", "PT1H20M"),
    ])
    func wordsBecomeISO8601(written: String, iso: String) {
        #expect(ISODuration(written)?.text == iso)
    }

    @Test(arguments: ["PT6H", "P3W", "P1Y2M10DT2H30M", "PT0.5H", "pt8h", "P1D"])
    func iso8601IsKept(written: String) {
        #expect(ISODuration(written)?.text == written.uppercased())
    }

    /// A bare number could be minutes or hours; the rest is not a length of time.
    @Test(arguments: ["6", "", "soon", "six hours", "6 parsecs", "P", "PT", "P6H", "PT6D", "6 hours extra", "h6", "1..5 hours"])
    func whatIsNotALengthOfTimeIsRefused(written: String) {
        #expect(ISODuration(written) == nil)
    }
}
