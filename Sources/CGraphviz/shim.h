#ifndef DIGRAPH_CGRAPHVIZ_SHIM_H
#define DIGRAPH_CGRAPHVIZ_SHIM_H
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
#endif
