// ATK and its AT-SPI bridge, from Debian's libatk1.0-dev and libatk-bridge2.0-dev; only CAccessibility's C uses
// them. The flags come from the atk-bridge-2.0 pkg-config file.
#include <atk/atk.h>
#include <atk-bridge.h>
