/// The items holding each word (see `TextNumbers`), by where in the item the word is: its
/// fields, tags or text (`tierCount` lists a word). An item is listed once per word, in the
/// first tier it was added to; items are added in ascending order, each item's tiers in order.
struct PostingsTable {
    static let tierCount = 3

    private var numbers: TextNumbers
    /// The items holding each word, by the word's number, then tier; ascending.
    private(set) var items: [[[Int]]] = []

    init(capacity: Int) {
        numbers = TextNumbers(capacity: capacity)
    }

    /// The words in order of first use.
    var words: [String] { numbers.texts }

    /// Adds `item` to the word's items in `tier`, unless it is there already in that tier or
    /// one before (an item's words come in together).
    mutating func add(_ item: Int, to word: String, tier: Int) {
        let (number, isNew) = numbers.number(of: word)
        if isNew {
            var lists = [[Int]](repeating: [], count: Self.tierCount)
            lists[tier].append(item)
            items.append(lists)
            return
        }
        for earlier in 0...tier where items[number][earlier].last == item { return }
        items[number][tier].append(item)
    }
}
