extension StarterSite {
    /// The courses example: an evening school's courses in tracks, with levels, lesson
    /// counts and a query section of the beginner courses.
    static let coursesTexts: [(path: String, text: String)] = [
        siteIndex(
            title: "Evening Art School",
            description: "Courses in painting, pottery and drawing, built with Foldout.",
            welcome: "Every folder in `Content/` is a catalog. Edit the Markdown files and run `foldout build` again."),
        (
            "courses/_index.md",
            """
            ---
            title: Courses
            weight: 1
            # What the rows show: the code beside the title, a line under it, and the level as a label.
            row:
              label: code
              secondary: "{{lessons}} {{lessons|lesson,lessons}} · {{duration}}"
              badges: [level]
            # The fields a course's page lists, in this order.
            fields: [code, level, lessons, duration, track]
            # Filters above the list.
            facets:
              - field: level
                order: [beginner, intermediate, advanced]
              - track
              - field: lessons
                type: range
            sort_options: [title, lessons, date]
            item_name: course
            # A section made by a query rather than a folder, shown as cards.
            sections:
              - title: Good first courses
                weight: 100
                where: {level: beginner}
                layout: grid
            ---

            Small evening classes for grown-ups, taught by local artists. Pick a track, or start with one of the good first courses.

            """
        ),
        (
            "courses/painting/_index.md",
            """
            ---
            title: Painting
            weight: 1
            ---

            Watercolour and oil, from the first wash to a finished portrait.

            """
        ),
        (
            "courses/pottery/_index.md",
            """
            ---
            title: Pottery
            weight: 2
            ---

            Clay by hand and on the wheel, and what happens in the kiln.

            """
        ),
        (
            "courses/drawing/_index.md",
            """
            ---
            title: Drawing
            weight: 3
            ---

            Pencil, pen and the habit of looking.

            """
        ),
        (
            "courses/painting/watercolour-basics.md",
            """
            ---
            title: Watercolour Basics
            code: ART-101
            lessons: 6
            level: beginner
            duration: 4h
            track: Painting
            date: 2026-09-01
            weight: 1
            ---

            Wet on wet, wet on dry, and how much water is too much. You will finish with three small landscapes.

            ## What you need

            A pad of cold-pressed paper, three brushes and a basic set of paints.

            """
        ),
        (
            "courses/painting/portraits-in-oil.md",
            """
            ---
            title: Portraits in Oil
            code: ART-210
            lessons: 10
            level: intermediate
            duration: 8h
            track: Painting
            date: 2026-09-15
            weight: 2
            ---

            Mixing skin tones, placing features and building a likeness in layers. Bring a photo of someone you know well.

            """
        ),
        (
            "courses/pottery/hand-building.md",
            """
            ---
            title: Hand Building
            code: POT-101
            lessons: 5
            level: beginner
            duration: 3h 30m
            track: Pottery
            date: 2026-10-01
            weight: 1
            ---

            Pinch pots, coils and slabs: everything you can make without a wheel. Each week ends with a piece to take home.

            """
        ),
        (
            "courses/pottery/on-the-wheel.md",
            """
            ---
            title: On the Wheel
            code: POT-150
            lessons: 8
            level: intermediate
            duration: 6h
            track: Pottery
            date: 2026-10-10
            weight: 2
            ---

            Centring, opening and pulling walls, until a cylinder stands up on its own. Prerequisite: *Hand Building* or some time with clay.

            """
        ),
        (
            "courses/pottery/glazes-and-firing.md",
            """
            ---
            title: Glazes and Firing
            code: POT-220
            lessons: 4
            level: advanced
            duration: 3h
            track: Pottery
            date: 2026-11-01
            weight: 3
            ---

            How glazes behave in the kiln, and how to test them before you trust a whole batch of mugs to one.

            """
        ),
        (
            "courses/drawing/sketching-every-day.md",
            """
            ---
            title: Sketching Every Day
            code: DRW-101
            lessons: 7
            level: beginner
            duration: 2h 30m
            track: Drawing
            date: 2026-09-20
            weight: 1
            ---

            Ten minutes a day with a pencil and a small notebook, and a habit that lasts. Each lesson gives one subject and one idea to try.

            """
        ),
        (
            "courses/drawing/perspective.md",
            """
            ---
            title: Perspective Without Tears
            code: DRW-130
            lessons: 6
            level: intermediate
            duration: 4h
            track: Drawing
            date: 2026-10-18
            weight: 2
            ---

            One, two and three-point perspective, explained with streets, rooms and a stack of boxes.

            """
        ),
    ]

    /// The blank example: one catalog with one item, to copy for the next.
    static let blankTexts: [(path: String, text: String)] = [
        siteIndex(
            title: "My Catalog",
            description: "A catalog built with Foldout.",
            welcome: "Every folder in `Content/` is a catalog. Copy `catalog/first-item.md` for each new item and run `foldout build` again."),
        (
            "catalog/_index.md",
            """
            ---
            title: My Catalog
            weight: 1
            # The fields an item page lists, in this order; the first ones are also each row's second line.
            fields: [kind, colour]
            # Filters above the list: one per field.
            facets: [kind]
            sort_options: [title, date]
            ---

            What this catalog is about, in a sentence or two.

            """
        ),
        (
            "catalog/first-item.md",
            """
            ---
            title: First Item
            kind: Example
            colour: Blue
            date: 2026-11-01
            ---

            Write about the item here, in Markdown. Put a photo beside this file and name it in the
            front matter as `image: photo.jpg` to show it in the list and on this page.

            """
        ),
    ]
}
