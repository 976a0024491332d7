#include "cmark_arena.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Memory comes in chunks; each block in a chunk is preceded by its size, so realloc can copy.
// The last block of the current chunk grows in place (libcmark's buffers grow one line at a
// time) and is given back when freed.
typedef struct chunk {
  struct chunk *previous;
  size_t capacity;
} chunk;

typedef struct {
  chunk *current;
  size_t used;      // bytes used in `current`, after its header
  void *last;       // the block handed out last, or NULL
  int depth;
} arena;

enum { ALIGN = 16, HEADER = 16, FIRST_CHUNK = 256 * 1024, KEPT_CHUNK = 1024 * 1024 };

static _Thread_local arena A;
static pthread_key_t chunk_key;
static pthread_once_t key_once = PTHREAD_ONCE_INIT;

static void free_chunks(chunk *c) {
  while (c) {
    chunk *previous = c->previous;
    free(c);
    c = previous;
  }
}

// Dispatch's worker threads come and go: the chunk a thread keeps is freed when it ends.
static void thread_ended(void *value) { free_chunks((chunk *)value); }
static void make_key(void) { pthread_key_create(&chunk_key, thread_ended); }

#define CHUNK_HEADER ((sizeof(chunk) + ALIGN - 1) / ALIGN * ALIGN)
static char *chunk_data(chunk *c) { return (char *)c + CHUNK_HEADER; }
static size_t round_up(size_t n) { return (n + ALIGN - 1) & ~(size_t)(ALIGN - 1); }

static void *arena_alloc(size_t size) {
  size_t need = HEADER + round_up(size ? size : 1);
  if (need < size) abort();  // overflow
  if (!A.current || A.used + need > A.current->capacity) {
    size_t capacity = A.current ? A.current->capacity * 2 : FIRST_CHUNK;
    while (capacity < need) capacity *= 2;
    chunk *c = malloc(CHUNK_HEADER + capacity);
    if (!c) {
      fprintf(stderr, "[cmark_arena] out of memory\n");
      abort();
    }
    c->previous = A.current;
    c->capacity = capacity;
    A.current = c;
    A.used = 0;
    pthread_once(&key_once, make_key);
    pthread_setspecific(chunk_key, c);
  }
  char *block = chunk_data(A.current) + A.used;
  *(size_t *)block = size;
  A.used += need;
  A.last = block + HEADER;
  return A.last;
}

static void *arena_calloc(size_t count, size_t size) {
  if (size && count > SIZE_MAX / size) abort();
  void *p = arena_alloc(count * size);
  memset(p, 0, count * size);
  return p;
}

static void *arena_realloc(void *block, size_t size) {
  if (!block) return arena_alloc(size);
  size_t old = *(size_t *)((char *)block - HEADER);
  if (size <= old && block != A.last) return block;
  if (block == A.last) {
    size_t start = (size_t)((char *)block - HEADER - chunk_data(A.current));
    size_t need = HEADER + round_up(size ? size : 1);
    if (need >= size && start + need <= A.current->capacity) {
      A.used = start + need;
      *(size_t *)((char *)block - HEADER) = size;
      return block;
    }
  }
  void *moved = arena_alloc(size);
  memcpy(moved, block, old < size ? old : size);
  return moved;
}

static void arena_free(void *block) {
  if (block && block == A.last) {
    A.used = (size_t)((char *)block - HEADER - chunk_data(A.current));
    A.last = NULL;
  }
}

static cmark_mem allocator = {arena_calloc, arena_realloc, arena_free};

cmark_mem *cmark_arena_allocator(void) { return &allocator; }

void cmark_arena_enter(void) { A.depth += 1; }

void cmark_arena_leave(void) {
  if (--A.depth > 0) return;
  A.depth = 0;
  A.used = 0;
  A.last = NULL;
  if (!A.current) return;
  // Keep one chunk for the next document, unless one huge document made it large.
  free_chunks(A.current->previous);
  A.current->previous = NULL;
  if (A.current->capacity > KEPT_CHUNK) {
    free(A.current);
    A.current = NULL;
  }
  pthread_setspecific(chunk_key, A.current);
}
