/// The items holding each word (see `TextNumbers`).
struct PostingsTable {
    private var numbers: TextNumbers
    /// The items holding each word, by the word's number, ascending.
    private(set) var items: [[Int]] = []

    init(capacity: Int) {
        numbers = TextNumbers(capacity: capacity)
    }

    /// The words in order of first use.
    var words: [String] { numbers.texts }

    /// Adds `item` to the word's items, unless it is the last already (an item's words come
    /// in together).
    mutating func add(_ item: Int, to word: String) {
        let (number, isNew) = numbers.number(of: word)
        if isNew { items.append([item]) } else if items[number].last != item { items[number].append(item) }
    }
}
