extension StarterSite {
    /// The pets example: a shelter's catalog. Its `_index.md` shows most catalog keys
    /// (see docs/content.md), each with a comment saying what it does.
    static let petsTexts: [(path: String, text: String)] = [
        siteIndex(
            title: "Maple Street Shelter",
            description: "Cats, dogs and rabbits looking for a home, built with Foldout.",
            welcome: "Every folder in `Content/` is a catalog. Edit the Markdown files, add a photo beside one, and run `foldout build` again."),
        (
            "pets/_index.md",
            """
            ---
            title: Adopt a pet
            weight: 1
            # What the rows show: a line under the name, the photo, and the status as a label.
            row:
              secondary: "{{breed}} · {{age}} {{age|year,years}} old"
              image: image
              badges: [status]
            # The pets' fields: each one's type, and where it shows (row, page, facet, sort).
            # Every pet is checked against them: a misspelt key or a value not listed is
            # named at its line (docs/content.md, "Declared fields").
            fields:
              species: {type: choice, values: [Dog, Cat, Rabbit], required: true, show: [page, facet]}
              breed: {type: text, show: [row, page]}
              age: {type: number, unit: years, min: 0, label: Age, required: true, show: [row, page, facet, sort]}
              sex: {type: choice, values: [Female, Male], show: [page]}
              size: {type: choice, values: [Small, Medium, Large], show: [page, facet]}
              good_with_kids: {type: yes/no, label: Good with children, show: [page, facet]}
              status: {type: choice, values: [Available, Adopted], default: Available, show: [page]}
            # Filters above the list.
            facets:
              - species
              - field: age
                key: age_group
                label: Age
                buckets: {Young (under 3): 3, Adult (3 to 7): 8, Senior (8 and over): ~}
              - field: size
                order: [Small, Medium, Large]
              - field: good_with_kids
                label: Good with children
            sort_options: [title, age, date]
            item_name: pet
            # Filtered results list the pets still waiting; adopted ones only when asked for.
            listed: {status: Available}
            # A section made by a query rather than a folder.
            sections:
              - title: Found a home
                weight: 100
                where: {status: Adopted}
            ---

            Meet the animals waiting for a home. Every pet has had a health check, and our volunteers have written a little about each one.

            """
        ),
        (
            "pets/cats/_index.md",
            """
            ---
            title: Cats
            weight: 1
            layout: grid   # cards with photos instead of rows
            columns: 3
            ---

            Lap cats, window watchers and one very chatty Siamese.

            """
        ),
        (
            "pets/dogs/_index.md",
            """
            ---
            title: Dogs
            weight: 2
            ---

            From couch companions to running partners.

            """
        ),
        (
            "pets/dogs/small-and-medium/_index.md",
            """
            ---
            title: Small and medium dogs
            weight: 1
            ---

            """
        ),
        (
            "pets/dogs/large/_index.md",
            """
            ---
            title: Large dogs
            weight: 2
            ---

            """
        ),
        (
            "pets/rabbits/_index.md",
            """
            ---
            title: Rabbits
            weight: 3
            ---

            Rabbits are social and need more room than a hutch: ask us about adopting a pair.

            """
        ),
        (
            "pets/cats/luna.md",
            """
            ---
            title: Luna
            species: Cat
            breed: Domestic shorthair
            age: 2
            sex: Female
            size: Small
            good_with_kids: true
            status: Available
            date: 2026-10-03
            tags: [indoor, calm]
            image: luna.jpg
            image_alt: Drawing of Luna, a grey shorthair cat
            weight: 1
            ---

            Luna is a quiet grey cat who likes a warm windowsill and a slow afternoon. She warms up after a day or two and then follows her person from room to room.

            She would suit a calm home, and is fine with gentle children.

            """
        ),
        (
            "pets/cats/pickles.md",
            """
            ---
            title: Pickles
            species: Cat
            breed: Tabby
            age: 1
            sex: Male
            size: Small
            good_with_kids: true
            status: Available
            date: 2026-10-21
            tags: [playful]
            image: pickles.jpg
            image_alt: Drawing of Pickles, an orange tabby kitten with stripes
            weight: 2
            ---

            Pickles is an orange tabby who has never met a toy mouse he did not want to chase. He naps hard after playing hard, usually on someone's lap.

            A home with time for play, or with a second young cat, would be ideal.

            """
        ),
        (
            "pets/cats/miso.md",
            """
            ---
            title: Miso
            species: Cat
            breed: Siamese
            age: 6
            sex: Female
            size: Small
            good_with_kids: false
            status: Available
            date: 2026-09-14
            tags: [indoor]
            image: miso.jpg
            image_alt: Drawing of Miso, a cream Siamese cat with a dark face
            weight: 3
            ---

            Miso talks. She will tell you about breakfast, about dinner, and about anything that happened in between. She is affectionate and likes to be where her people are.

            She would prefer a home without young children, where someone is around most of the day.

            """
        ),
        (
            "pets/cats/olive.md",
            """
            ---
            title: Olive
            species: Cat
            breed: Domestic longhair
            age: 9
            sex: Female
            size: Medium
            good_with_kids: true
            status: Adopted
            date: 2026-08-30
            tags: [calm]
            image: olive.jpg
            image_alt: Drawing of Olive, a black longhaired cat
            weight: 4
            ---

            Olive is a gentle senior with a glossy black coat and a loud purr. She found her family in October and now supervises their garden from the kitchen window.

            """
        ),
        (
            "pets/dogs/small-and-medium/biscuit.md",
            """
            ---
            title: Biscuit
            species: Dog
            breed: Beagle mix
            age: 3
            sex: Male
            size: Medium
            good_with_kids: true
            status: Available
            date: 2026-10-12
            tags: [playful]
            image: biscuit.jpg
            image_alt: Drawing of Biscuit, a tan and white beagle with brown ears
            weight: 1
            ---

            Biscuit follows his nose everywhere, so a secure garden matters. He loves long walks, children who throw balls, and the sound of the treat tin.

            He is house-trained and knows sit, down and (usually) come.

            """
        ),
        (
            "pets/dogs/small-and-medium/pepper.md",
            """
            ---
            title: Pepper
            species: Dog
            breed: Border collie
            age: 2
            sex: Female
            size: Medium
            good_with_kids: true
            status: Available
            date: 2026-11-02
            tags: [active]
            image: pepper.jpg
            image_alt: Drawing of Pepper, a black and white border collie
            weight: 2
            ---

            Pepper is clever, quick and happiest with a job to do: fetch, agility, or learning a new trick before lunch. She needs an active home with daily exercise.

            """
        ),
        (
            "pets/dogs/small-and-medium/waffles.md",
            """
            ---
            title: Waffles
            species: Dog
            breed: Dachshund
            age: 8
            sex: Male
            size: Small
            good_with_kids: false
            status: Available
            date: 2026-09-25
            tags: [calm]
            image: waffles.jpg
            image_alt: Drawing of Waffles, a brown dachshund
            weight: 3
            ---

            Waffles is a dignified little gentleman who enjoys short walks and long naps under a blanket. Stairs are not his friend, so a flat home would suit him best.

            He prefers adults to lively children.

            """
        ),
        (
            "pets/dogs/large/juniper.md",
            """
            ---
            title: Juniper
            species: Dog
            breed: Labrador retriever
            age: 5
            sex: Female
            size: Large
            good_with_kids: true
            status: Available
            date: 2026-10-08
            tags: [active]
            image: juniper.jpg
            image_alt: Drawing of Juniper, a yellow labrador
            weight: 1
            ---

            Juniper is friendly with everyone she meets and believes every puddle is a swimming pool. She walks well on a lead and settles quickly at home.

            She would love a family with a garden and a car for trips to the beach.

            """
        ),
        (
            "pets/dogs/large/bruno.md",
            """
            ---
            title: Bruno
            species: Dog
            breed: Shepherd mix
            age: 4
            sex: Male
            size: Large
            good_with_kids: false
            status: Available
            date: 2026-10-27
            tags: [active]
            image: bruno.jpg
            image_alt: Drawing of Bruno, a tan shepherd mix with a dark muzzle
            weight: 2
            ---

            Bruno is loyal and a little shy with strangers. Once he knows you, he is a gentle shadow who likes to rest his head on your knee.

            An experienced adult home without other dogs would suit him best.

            """
        ),
        (
            "pets/dogs/large/maple.md",
            """
            ---
            title: Maple
            species: Dog
            breed: Golden retriever
            age: 11
            sex: Female
            size: Large
            good_with_kids: true
            status: Adopted
            date: 2026-07-19
            tags: [calm]
            image: maple.jpg
            image_alt: Drawing of Maple, a golden retriever with a grey muzzle
            weight: 3
            ---

            Maple went home in September with a retired couple who walk her slowly round the park every morning. Thank you to everyone who asked about her.

            """
        ),
        (
            "pets/rabbits/clover.md",
            """
            ---
            title: Clover
            species: Rabbit
            breed: Holland lop
            age: 2
            sex: Female
            size: Small
            good_with_kids: true
            status: Available
            date: 2026-10-15
            tags: [indoor]
            image: clover.jpg
            image_alt: Drawing of Clover, a brown lop-eared rabbit
            weight: 1
            ---

            Clover is curious and calm, and likes having her cheeks stroked. She is litter-trained and would love a home with room to hop.

            """
        ),
        (
            "pets/rabbits/hazel.md",
            """
            ---
            title: Hazel
            species: Rabbit
            breed: Netherland dwarf
            age: 1
            sex: Female
            size: Small
            good_with_kids: false
            status: Available
            date: 2026-11-05
            tags: [indoor]
            image: hazel.jpg
            image_alt: Drawing of Hazel, a small grey rabbit with upright ears
            weight: 2
            ---

            Hazel is tiny, quick and a little wary of being picked up. She would do best with patient adults who let her come to them.

            """
        ),
        (
            "pets/rabbits/button.md",
            """
            ---
            title: Button
            species: Rabbit
            breed: Lionhead
            age: 4
            sex: Male
            size: Small
            good_with_kids: true
            status: Available
            date: 2026-09-30
            tags: [calm]
            image: button.jpg
            image_alt: Drawing of Button, a fluffy white lionhead rabbit
            weight: 3
            ---

            Button has a mane like a small lion and the manners of a butler. He enjoys fresh herbs and a daily brush, and is happy to be held.

            """
        ),
    ]

    static let petsIllustrations: [(path: String, drawing: StarterIllustration)] = [
        ("pets/cats/luna.jpg", StarterIllustration(.cat, fur: "#9aa3ad", accent: "#f2b8c6", background: "#cfe8f3")),
        ("pets/cats/pickles.jpg", StarterIllustration(.cat, fur: "#e8994a", accent: "#b8621f", background: "#fbe3c4", markings: .stripes)),
        ("pets/cats/miso.jpg", StarterIllustration(.cat, fur: "#f1e6d2", accent: "#6b4f3f", background: "#d9d4f0", markings: .mask)),
        ("pets/cats/olive.jpg", StarterIllustration(.cat, fur: "#3b3a40", accent: "#8a7f9a", background: "#e3efd6")),
        ("pets/dogs/small-and-medium/biscuit.jpg", StarterIllustration(.dog, fur: "#d9a066", accent: "#8a5a2b", background: "#f6e7b8", markings: .blaze)),
        ("pets/dogs/small-and-medium/pepper.jpg", StarterIllustration(.dog, fur: "#2f2d2e", accent: "#1d1b1c", background: "#d3ecdf", markings: .blaze)),
        ("pets/dogs/small-and-medium/waffles.jpg", StarterIllustration(.dog, fur: "#a0522d", accent: "#6e3519", background: "#f3d9d1")),
        ("pets/dogs/large/juniper.jpg", StarterIllustration(.dog, fur: "#e6c48f", accent: "#c99a5b", background: "#cde3f7")),
        ("pets/dogs/large/bruno.jpg", StarterIllustration(.dog, fur: "#c58a4a", accent: "#3a2a1e", background: "#e4dcf2", markings: .mask)),
        ("pets/dogs/large/maple.jpg", StarterIllustration(.dog, fur: "#d9a441", accent: "#b07d25", background: "#fde2cf")),
        ("pets/rabbits/clover.jpg", StarterIllustration(.rabbit, fur: "#b08463", accent: "#e9b7a8", background: "#e2f0cb", earsDown: true)),
        ("pets/rabbits/hazel.jpg", StarterIllustration(.rabbit, fur: "#8d8f94", accent: "#f0b9c2", background: "#f7e1ec")),
        ("pets/rabbits/button.jpg", StarterIllustration(.rabbit, fur: "#f4efe6", accent: "#f0b3a8", background: "#cfe0f5")),
    ]
}
