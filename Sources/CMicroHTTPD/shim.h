// GNU libmicrohttpd from Debian's libmicrohttpd-dev. https://www.gnu.org/software/libmicrohttpd/manual/
#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <stdint.h>
#include <microhttpd.h>
