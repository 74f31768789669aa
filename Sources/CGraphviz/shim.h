#ifndef DIGRAPH_CGRAPHVIZ_SHIM_H
#define DIGRAPH_CGRAPHVIZ_SHIM_H
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>

// Graphviz 2.42 declares most string parameters `char *` even where it only reads them. Swift
// passes a String as `const char *`; these helpers take that and cast, so Swift code never has to
// build mutable C strings. Only DigraphRender's GraphvizRenderer imports this module, and it calls
// everything here under one lock: Graphviz is not thread-safe.

/// The names of the plugins of one kind ("device": output formats, "layout": engines). Free the
/// result with digraph_gv_free_list.
static inline char **digraph_gv_plugin_list(GVC_t *gvc, const char *kind, int *count) {
    *count = 0;
    return gvPluginList(gvc, kind, count, NULL);
}

static inline void digraph_gv_free_list(char **list, int count) {
    if (list == NULL) return;
    for (int i = 0; i < count; i++) free(list[i]);
    free(list);
}

/// Sets (or creates) a graph attribute on the root graph.
static inline int digraph_gv_set_graph_attribute(Agraph_t *graph, const char *name, const char *value) {
    return agsafeset(graph, (char *)name, (char *)value, (char *)"");
}

/// Reads a graph attribute, or NULL when it is not set.
static inline const char *digraph_gv_graph_attribute(Agraph_t *graph, const char *name) {
    return agget(graph, (char *)name);
}

// MARK: - Deterministic object ids
//
// cgraph's default id discipline gives a named object the address of its interned name as its
// id, and keeps subgraphs in a dictionary ordered by id. The order in which `dot` meets clusters,
// and so the layout and the SVG, then depends on where malloc put the strings: the first render
// in a process is repeatable, the next ones in the same process are not. This discipline numbers
// names in the order the parser meets them instead (even ids; anonymous objects get odd ones, as
// in cgraph), so the same DOT always gives the same picture.

typedef struct {
    char **names;      /* by id / 2 - 1 */
    size_t count, capacity;
    size_t *slots;     /* open addressing over names: index + 1, 0 = empty */
    size_t slot_count; /* a power of two */
    IDTYPE anonymous;  /* next odd id */
} digraph_gv_ids_t;

static inline size_t digraph_gv_hash(const char *s) {
    size_t h = (size_t)1469598103934665603ULL;
    for (; *s; s++) { h ^= (unsigned char)*s; h *= (size_t)1099511628211ULL; }
    return h;
}

static inline void *digraph_gv_ids_open(Agraph_t *g, Agdisc_t *disc) {
    (void)g; (void)disc;
    digraph_gv_ids_t *ids = (digraph_gv_ids_t *)calloc(1, sizeof(digraph_gv_ids_t));
    if (ids == NULL) return NULL;
    ids->slot_count = 1024;
    ids->slots = (size_t *)calloc(ids->slot_count, sizeof(size_t));
    ids->anonymous = 1;
    if (ids->slots == NULL) { free(ids); return NULL; }
    return ids;
}

/* The slot holding `name`, or the empty slot where it would go. */
static inline size_t digraph_gv_ids_find(digraph_gv_ids_t *ids, const char *name) {
    size_t mask = ids->slot_count - 1, i = digraph_gv_hash(name) & mask;
    while (ids->slots[i] != 0 && strcmp(ids->names[ids->slots[i] - 1], name) != 0) i = (i + 1) & mask;
    return i;
}

static inline int digraph_gv_ids_grow(digraph_gv_ids_t *ids) {
    if (ids->count == ids->capacity) {
        size_t capacity = ids->capacity ? ids->capacity * 2 : 256;
        char **names = (char **)realloc(ids->names, capacity * sizeof(char *));
        if (names == NULL) return 0;
        ids->names = names;
        ids->capacity = capacity;
    }
    if ((ids->count + 1) * 2 > ids->slot_count) {
        size_t slot_count = ids->slot_count * 2;
        size_t *slots = (size_t *)calloc(slot_count, sizeof(size_t));
        if (slots == NULL) return 0;
        free(ids->slots);
        ids->slots = slots;
        ids->slot_count = slot_count;
        for (size_t k = 0; k < ids->count; k++) ids->slots[digraph_gv_ids_find(ids, ids->names[k])] = k + 1;
    }
    return 1;
}

static inline long digraph_gv_ids_map(void *state, int objtype, char *str, IDTYPE *id, int createflag) {
    (void)objtype;
    digraph_gv_ids_t *ids = (digraph_gv_ids_t *)state;
    if (str == NULL) {
        *id = ids->anonymous;
        ids->anonymous += 2;
        return 1;
    }
    size_t slot = digraph_gv_ids_find(ids, str);
    if (ids->slots[slot] != 0) {
        *id = (IDTYPE)(ids->slots[slot] * 2);
        return 1;
    }
    if (!createflag) return 0;
    if (!digraph_gv_ids_grow(ids)) return 0;
    char *copy = strdup(str);
    if (copy == NULL) return 0;
    slot = digraph_gv_ids_find(ids, str);
    ids->names[ids->count++] = copy;
    ids->slots[slot] = ids->count;
    *id = (IDTYPE)(ids->count * 2);
    return 1;
}

static inline long digraph_gv_ids_alloc(void *state, int objtype, IDTYPE request) {
    (void)state; (void)objtype;
    return request % 2 == 1; /* only anonymous ids can be asked for, as in cgraph */
}

static inline void digraph_gv_ids_free(void *state, int objtype, IDTYPE id) {
    (void)state; (void)objtype; (void)id; /* names live until the graph is closed */
}

static inline char *digraph_gv_ids_print(void *state, int objtype, IDTYPE id) {
    (void)objtype;
    digraph_gv_ids_t *ids = (digraph_gv_ids_t *)state;
    if (id % 2 == 1 || id == 0 || id / 2 > ids->count) return NULL;
    return ids->names[id / 2 - 1];
}

static inline void digraph_gv_ids_close(void *state) {
    digraph_gv_ids_t *ids = (digraph_gv_ids_t *)state;
    if (ids == NULL) return;
    for (size_t k = 0; k < ids->count; k++) free(ids->names[k]);
    free(ids->names);
    free(ids->slots);
    free(ids);
}

static inline void digraph_gv_ids_register(void *state, int objtype, void *obj) {
    (void)state; (void)objtype; (void)obj;
}

/// Parses DOT text like `agmemread`, with the deterministic id discipline above. Returns NULL
/// on a syntax error (reported through the error function) or when memory runs out.
static inline Agraph_t *digraph_gv_read(const char *text) {
    static Agiddisc_t ids = {
        digraph_gv_ids_open, digraph_gv_ids_map, digraph_gv_ids_alloc, digraph_gv_ids_free,
        digraph_gv_ids_print, digraph_gv_ids_close, digraph_gv_ids_register,
    };
    static Agdisc_t disc;
    disc.mem = &AgMemDisc;
    disc.id = &ids;
    disc.io = &AgIoDisc;
    FILE *file = fmemopen((void *)text, strlen(text), "r");
    if (file == NULL) return NULL;
    Agraph_t *graph = agread(file, &disc);
    fclose(file);
    return graph;
}

#endif
