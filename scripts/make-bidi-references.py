#!/usr/bin/env python3
"""Renders the bidi samples with an independent engine, Pillow with libraqm (FriBidi + HarfBuzz),
white on black, as the references Tests/TagKitTests/Text/BidiReferenceTests.swift compares
tagproj's own text layout with. Needs python3-pil and libraqm0 (Debian); run from the repository.

    scripts/make-bidi-references.py
"""
import sys
from PIL import Image, ImageDraw, ImageFont, features

FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"  # fonts-dejavu-core: what fontconfig picks for these
SIZE = 32                                                  # pixels per em, as the test renders
SAMPLES = ["بيتزا 30 سم", "פיצה 30 ס״מ", "Shawarma شاورما mix", "חומוס עם pita"]
OUT = "Tests/TagKitTests/Text/BidiReference/sample-{}.png"

if not features.check("raqm"):
    sys.exit("error: Pillow has no libraqm here; install the Debian packages python3-pil and libraqm0")
font = ImageFont.truetype(FONT, SIZE, layout_engine=ImageFont.Layout.RAQM)
for i, text in enumerate(SAMPLES, 1):
    left, top, right, bottom = font.getbbox(text)
    image = Image.new("L", (right - left + 8, bottom - top + 8), 0)
    ImageDraw.Draw(image).text((4 - left, 4 - top), text, fill=255, font=font)
    image.save(OUT.format(i), optimize=True)
    print(OUT.format(i), image.size)
