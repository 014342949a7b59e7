// The Graphviz C API firebreak uses: parse DOT, lay out, render, free.
// Graphviz is not thread-safe; Swift reaches it only through GraphvizRenderer's lock.
#include <graphviz/gvc.h>
#include <graphviz/cgraph.h>
