// libqrencode from Debian's libqrencode-dev: QR code symbols. https://fukuchi.org/works/qrencode/manual/
#include <qrencode.h>
