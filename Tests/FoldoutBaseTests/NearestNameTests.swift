import FoldoutBase
import Testing

@Suite struct NearestNameTests {
    @Test func swapsAndSlipsOfOneOrTwoLettersAreNear() {
        #expect(NearestName.suggestion(for: "speices", among: ["breed", "species", "age"]) == "species")
        #expect(NearestName.suggestion(for: "good_with_kid", among: ["good_with_dogs", "good_with_kids"]) == "good_with_kids")
        #expect(NearestName.suggestion(for: "Lable", among: ["label", "values"]) == "label")
        #expect(NearestName.suggestion(for: "nubmer", among: ["text", "number"]) == "number")
    }

    @Test func shortNamesAreNearOnlyOneEditAwayAndFarOnesNever() {
        // `age` and `sex` are two edits apart: both are real fields of a pet.
        #expect(NearestName.suggestion(for: "sex", among: ["age"]) == nil)
        #expect(NearestName.suggestion(for: "agee", among: ["age"]) == "age")
        #expect(NearestName.suggestion(for: "colour", among: ["species", "breed"]) == nil)
        // A name that is one of them is not a mistake.
        #expect(NearestName.suggestion(for: "age", among: ["age", "agee"]) == nil)
    }

    @Test func editsCountSwapsOnce() {
        #expect(NearestName.edits(Array("ab".unicodeScalars), Array("ba".unicodeScalars)) == 1)
        #expect(NearestName.edits(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
        #expect(NearestName.edits(Array("".unicodeScalars), Array("abc".unicodeScalars)) == 3)
    }
}
