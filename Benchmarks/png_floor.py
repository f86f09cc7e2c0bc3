#!/usr/bin/env python3
"""PNG baseline: libpng (through Pillow) writing the given PPM's pixels at zlib level 6."""
import sys
from PIL import Image
Image.open(sys.argv[1]).save(sys.argv[2], compress_level=6)
