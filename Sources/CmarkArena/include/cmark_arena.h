#ifndef FOLDOUT_CMARK_ARENA_H
#define FOLDOUT_CMARK_ARENA_H

#include <cmark.h>

/// A libcmark allocator that hands out memory from a per-thread arena: every node, string
/// and buffer of one document comes from it, and all of it is dropped at once when the
/// document is done, instead of one malloc and one free per node. Not measured twice as fast
/// as libcmark's default allocator on the benchmark corpus (docs/benchmarks.md); that path is
/// `CmarkMemory.libcmarkDefault` in `MarkdownRenderer`.
///
/// Use: `cmark_arena_enter()`, parse with `cmark_parser_new_with_mem(options,
/// cmark_arena_allocator())`, render, copy out what is needed, `cmark_arena_leave()`. After
/// the outermost leave on a thread, every pointer the arena handed out on that thread is
/// invalid (the document, rendered HTML, iterators): never call free() on them.
cmark_mem *cmark_arena_allocator(void);
void cmark_arena_enter(void);
void cmark_arena_leave(void);

#endif
