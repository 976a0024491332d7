#!/usr/bin/env python3
"""Writes a Foldout content folder with one big catalog, for the browser benchmark.

usage: bench/browser/gen_catalog.py DIR N [--flat] [--seed 17] [--courses 200]

DIR/Content/ gets (the same files for the same N, flag and seed):

- `_index.md`: the site's title;
- `pets/`: N animals in one section folder, `pets/animals/`. Grouped (the default), they sit
  in ~20 breed folders (`pets/animals/<breed>/`, each with a titled `_index.md`), so the
  section is an outline of 20 groups; with `--flat` all N files sit in `pets/animals/`
  itself, so the section is one flat list of N rows. `pets/_index.md` sets the row's
  secondary line, a status badge, facets (species, size, sex, age range, good with
  kids / dogs / cats) and sort options (title, age, date);
- `courses/`: a small second catalog (`--courses` items, 200 by default, in 5 track folders),
  so that site-wide search spans two catalogs.

Each animal has `title` (a name from A to Z plus its number, so titles are distinct),
`species` (skewed: dogs most, reptiles fewest), `breed`, `size`, `sex`, `age` (0-15),
`good_with_kids` / `good_with_dogs` / `good_with_cats` (true 40 %, false 30 %, absent 30 %),
`status`, `date` (2024-2026), 0-3 `tags`, a one-sentence `summary` of 10-20 words from a
vocabulary of ~300 words, and a one-paragraph body. No images.
"""
import argparse
import datetime
import os
import random
import sys

NAMES = """Abby Ace Archie Bailey Bella Biscuit Charlie Clover Cooper Daisy Dexter Duke Echo Ellie Ember
Felix Fern Finn Ginger Goose Gus Hazel Henry Honey Iggy Indie Ivy Jack Jasper Juno Kai Kiwi Koda
Lady Leo Luna Mabel Max Milo Nala Nico Nova Olive Ollie Oscar Peanut Pepper Piper Quincy Queenie Quill
Remy Rosie Ruby Sadie Scout Sunny Taco Theo Tilly Ulla Umber Ursa Vega Violet Vinnie Waffles Willow
Winston Xena Xavi Xander Yoshi Yuki Yogi Zelda Ziggy Zoe""".split()

BREEDS = {  # species: [(slug, title)]
    "dog": [("labrador-retriever", "Labrador Retriever"), ("german-shepherd", "German Shepherd"),
            ("beagle", "Beagle"), ("poodle", "Poodle"), ("bulldog", "Bulldog"), ("dachshund", "Dachshund"),
            ("border-collie", "Border Collie"), ("greyhound", "Greyhound")],
    "cat": [("domestic-shorthair", "Domestic Shorthair"), ("maine-coon", "Maine Coon"), ("siamese", "Siamese"),
            ("persian", "Persian"), ("bengal", "Bengal")],
    "rabbit": [("holland-lop", "Holland Lop"), ("netherland-dwarf", "Netherland Dwarf"), ("rex-rabbit", "Rex")],
    "bird": [("budgerigar", "Budgerigar"), ("cockatiel", "Cockatiel")],
    "reptile": [("bearded-dragon", "Bearded Dragon"), ("leopard-gecko", "Leopard Gecko")],
}
SPECIES_WEIGHTS = {"dog": 45, "cat": 30, "rabbit": 12, "bird": 8, "reptile": 5}
TAGS = ["calm", "playful", "house-trained", "senior", "special-needs", "energetic", "shy", "vaccinated"]

VOCABULARY = """
able active adventure afternoon alert always amber angle apple apron arrive autumn awake backyard
balance ball bark basket beach beam bed bell berry blanket bloom blue bold bone bouncy branch brave
breeze bright brisk brush bubble buddy bundle busy butter button calm candle canyon careful carpet
carrot cedar chase cheerful cherry chirp clever cloud clover coat cocoa comfort cookie corner cosy
cotton couch country courage cozy creek crisp curious cushion daily dancer dash dawn delight dew
dinner dozen dream drift eager early easy echo elegant ember evening explore fable fair family fancy
feather fence fetch field fine firm flame fleece flower fluffy focus forest fountain fresh friend
friendly frost garden gentle giggle glad glow golden grace grass great greet grin habit happy harbor
harmony hazel hearty helper hidden hill hollow home honest honey hop hug humble hunt idea island ivory
jolly journey joy jump keen kind kitchen kite lake lantern laugh lawn lazy leaf leap light lively
loyal lucky lullaby maple marble meadow mellow merry mild mint misty moment moon morning moss mud
nap neat nest nibble nimble noble noon nose nudge oak ocean olive orchard outdoor paddle park patient
paw peace pebble perch petal picnic pine playful plum polite pond porch prance proud puddle purr quick
quiet quilt rain rapid ready relaxed rest ribbon ripple river road robin roll rose rustle safe sand
scamper scout season shade shadow shelter shiny shore silent silver simple sleepy slow smart smile
smooth snack snow soft song sparkle spirit spring sprout steady stone story stream stretch strong
summer sunny sunset sweet swift tail tender thistle thunder tidy timber tiny toast trail travel
treasure tree trot trusty tumble twig valley velvet village visit walk wander warm watch water wave
whisker wild willow wind window winter wise wonder wool yard yawn young zest
""".split()


def words(rng, low, high):
    return [rng.choice(VOCABULARY) for _ in range(rng.randint(low, high))]


def sentence(rng, low, high):
    chosen = words(rng, low, high)
    return " ".join(chosen).capitalize() + "."


def tri_state(rng):
    draw = rng.random()
    return "true" if draw < 0.4 else "false" if draw < 0.7 else None


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)


PETS_INDEX = """---
title: Pets
row:
  secondary: "{{breed}} · {{age}} years"
  badges: [status]
facets:
  - species
  - size
  - sex
  - field: age
    type: range
  - good_with_kids
  - good_with_dogs
  - good_with_cats
sort_options: [title, age, date]
---

Animals waiting for a home, and those who found one.
"""

COURSES_INDEX = """---
title: Courses
row:
  secondary: "{{track}} · {{lessons}} lessons"
  badges: [level]
---

Courses for people who adopt.
"""

TRACKS = [("training", "Training"), ("health", "Health"), ("nutrition", "Nutrition"),
          ("grooming", "Grooming"), ("behaviour", "Behaviour")]


def generate(root, count, flat, seed, courses):
    rng = random.Random(seed)
    content = os.path.join(root, "Content")
    if os.path.exists(content):
        sys.exit(f"gen_catalog: {content} exists; give a new folder")
    write(os.path.join(content, "_index.md"),
          "---\ntitle: Foldout Shelter\ndescription: A generated catalog for the browser benchmark.\n---\n")
    write(os.path.join(content, "pets", "_index.md"), PETS_INDEX)
    section = os.path.join(content, "pets", "animals")
    write(os.path.join(section, "_index.md"), "---\ntitle: Animals\n---\n")
    if not flat:
        for breeds in BREEDS.values():
            for slug, title in breeds:
                write(os.path.join(section, slug, "_index.md"), f"---\ntitle: {title}\n---\n")
    species_names = list(SPECIES_WEIGHTS)
    start = datetime.date(2024, 1, 1)
    days = (datetime.date(2026, 12, 31) - start).days
    for index in range(count):
        number = index + 1
        name = rng.choice(NAMES)
        species = rng.choices(species_names, weights=[SPECIES_WEIGHTS[s] for s in species_names])[0]
        slug, breed = rng.choice(BREEDS[species])
        lines = ["---", f"title: {name} {number}", f"species: {species}", f"breed: {breed}",
                 f"size: {rng.choice(['small', 'medium', 'large'])}", f"sex: {rng.choice(['Female', 'Male'])}",
                 f"age: {rng.randint(0, 15)}"]
        for key in ("good_with_kids", "good_with_dogs", "good_with_cats"):
            value = tri_state(rng)
            if value is not None:
                lines.append(f"{key}: {value}")
        lines.append(f"status: {'available' if rng.random() < 0.7 else 'adopted'}")
        lines.append(f"date: {(start + datetime.timedelta(days=rng.randint(0, days))).isoformat()}")
        tags = rng.sample(TAGS, rng.randint(0, 3))
        if tags:
            lines.append(f"tags: [{', '.join(tags)}]")
        lines.append(f"summary: {sentence(rng, 10, 20)}")
        lines += ["---", "", " ".join(sentence(rng, 8, 16) for _ in range(3)), ""]
        folder = section if flat else os.path.join(section, slug)
        write(os.path.join(folder, f"{name.lower()}-{number}.md"), "\n".join(lines))

    write(os.path.join(content, "courses", "_index.md"), COURSES_INDEX)
    for slug, title in TRACKS:
        write(os.path.join(content, "courses", slug, "_index.md"), f"---\ntitle: {title}\n---\n")
    for index in range(courses):
        number = index + 1
        slug, track = TRACKS[index % len(TRACKS)]
        topic = " ".join(word.capitalize() for word in words(rng, 2, 3))
        lines = ["---", f"title: {topic} {number}", f"level: {rng.choice(['beginner', 'intermediate', 'advanced'])}",
                 f"track: {track}", f"lessons: {rng.randint(3, 24)}", f"summary: {sentence(rng, 10, 20)}",
                 "---", "", " ".join(sentence(rng, 8, 16) for _ in range(3)), ""]
        write(os.path.join(content, "courses", slug, f"course-{number}.md"), "\n".join(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir", help="folder to write Content/ into")
    parser.add_argument("count", type=int, help="number of animals in the pets catalog")
    parser.add_argument("--flat", action="store_true", help="one flat list of N rows instead of ~20 breed groups")
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--courses", type=int, default=200, help="items in the second catalog")
    args = parser.parse_args()
    generate(os.path.abspath(args.dir), args.count, args.flat, args.seed, args.courses)


if __name__ == "__main__":
    main()
