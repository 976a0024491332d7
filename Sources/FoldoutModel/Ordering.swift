/// The order of everything in Foldout: `weight` first (pages without one come after those
/// with one), then title in natural order ("Item 2" before "Item 10"), then id so that
/// equal titles still sort the same way every time.
package enum Ordering {
    package static func precedes(
        weight lhsWeight: Double?, title lhsTitle: String, id lhsID: String,
        weight rhsWeight: Double?, title rhsTitle: String, id rhsID: String
    ) -> Bool {
        switch (lhsWeight, rhsWeight) {
        case let (l?, r?) where l != r: return l < r
        case (_?, nil): return true
        case (nil, _?): return false
        default: break
        }
        let byTitle = naturalCompare(lhsTitle, rhsTitle)
        if byTitle != 0 { return byTitle < 0 }
        return lhsID < rhsID
    }

    /// Compares case-insensitively, with runs of digits compared by value.
    package static func naturalCompare(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs.lowercased().unicodeScalars)
        let b = Array(rhs.lowercased().unicodeScalars)
        var i = 0, j = 0
        while i < a.count, j < b.count {
            if a[i].properties.numericType != nil, a[i].isASCII, b[j].properties.numericType != nil, b[j].isASCII {
                var endI = i, endJ = j
                while endI < a.count, a[endI].isASCII, a[endI].properties.numericType != nil { endI += 1 }
                while endJ < b.count, b[endJ].isASCII, b[endJ].properties.numericType != nil { endJ += 1 }
                let digitsA = String(String.UnicodeScalarView(a[i..<endI])).drop { $0 == "0" }
                let digitsB = String(String.UnicodeScalarView(b[j..<endJ])).drop { $0 == "0" }
                if digitsA.count != digitsB.count { return digitsA.count < digitsB.count ? -1 : 1 }
                if digitsA != digitsB { return digitsA < digitsB ? -1 : 1 }
                i = endI
                j = endJ
                continue
            }
            if a[i] != b[j] { return a[i].value < b[j].value ? -1 : 1 }
            i += 1
            j += 1
        }
        if a.count - i != b.count - j { return (a.count - i) < (b.count - j) ? -1 : 1 }
        return 0
    }
}
