#!/usr/bin/python3
"""Makes the test images in Fixtures/lossless/ from Fixtures/coffee.png.

Run from anywhere: /usr/bin/python3 scripts/make-lossless-fixtures.py
Needs: Python 3 with Pillow (python3-pil) and cjpeg (libjpeg-turbo-progs).

Fixtures/images/ holds every JPEG variant at 64x48, whole MCUs. These add what the lossless
export must get right at the edges: a size that is no multiple of the MCU (partial MCUs on the
right and at the bottom), with restart markers, so tags near the edges re-encode partial MCUs;
and a 4:2:2 picture of whole MCUs (192x128), which every turn and flip takes block by block (its
sampling factors are transposed by a quarter turn), for comparing with jpegtran.
"""
import io
import os
import subprocess

from PIL import Image

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "Fixtures", "lossless")

os.makedirs(OUT, exist_ok=True)
picture = Image.open(os.path.join(ROOT, "Fixtures", "coffee.png")).convert("RGB").resize((203, 141), Image.LANCZOS)
ppm = io.BytesIO()
picture.save(ppm, "PPM")
jpeg = subprocess.run(["cjpeg", "-quality", "85", "-sample", "2x2", "-restart", "2B", "-optimize"],
                      input=ppm.getvalue(), capture_output=True, check=True).stdout
with open(os.path.join(OUT, "lossless-420-odd.jpg"), "wb") as f:
    f.write(jpeg)

picture = Image.open(os.path.join(ROOT, "Fixtures", "coffee.png")).convert("RGB").resize((192, 128), Image.LANCZOS)
ppm = io.BytesIO()
picture.save(ppm, "PPM")
jpeg = subprocess.run(["cjpeg", "-quality", "85", "-sample", "2x1", "-optimize"],
                      input=ppm.getvalue(), capture_output=True, check=True).stdout
with open(os.path.join(OUT, "lossless-422-turnable.jpg"), "wb") as f:
    f.write(jpeg)
