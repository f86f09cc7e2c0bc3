// GNU FriBidi from Debian's libfribidi-dev: the Unicode bidirectional algorithm. https://github.com/fribidi/fribidi
#include <fribidi/fribidi.h>
