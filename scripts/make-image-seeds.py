#!/usr/bin/env python3
"""Writes the image fuzz target's committed seeds into Fuzz/seeds/image/:
small files of every format ImageDecoder reads, with the metadata its
decoders look for, so the fuzzer starts inside each library's paths.

  photo-exif6.jpg   JPEG with an EXIF orientation (6) and a Display P3 ICC profile
  alpha.webp        lossy WebP with alpha, in the extended format with an ICCP chunk
  lossless.webp     lossless WebP
  photo.heic        HEIF (HEVC, x265)
  alpha.avif        AVIF (AV1, libaom) with alpha

Needs ffmpeg (JPEG, WebP) and heif-enc (Debian's libheif-examples). The ICC
profile is a minimal ICC v2 matrix-and-curves profile with Display P3's
colorants (D50-adapted, as in Apple's profile) and a 2.2 gamma, written here.
"""
import pathlib
import struct
import subprocess
import tempfile

root = pathlib.Path(__file__).resolve().parent.parent
out = root / "Fuzz/seeds/image"


def s15(v):
    return struct.pack(">i", round(v * 65536))


def icc_profile():
    def xyz(x, y, z):
        return b"XYZ " + b"\0" * 4 + s15(x) + s15(y) + s15(z)
    curve = b"curv" + b"\0" * 4 + struct.pack(">IH", 1, 0x0233) + b"\0\0"   # gamma 2.2, padded
    tags = [(b"wtpt", xyz(0.9642, 1.0, 0.8249)), (b"rXYZ", xyz(0.5151, 0.2412, -0.0011)),
            (b"gXYZ", xyz(0.2920, 0.6922, 0.0419)), (b"bXYZ", xyz(0.1571, 0.0666, 0.7841)),
            (b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    offset = 128 + 4 + 12 * len(tags)
    table, data = b"", b""
    for sig, body in tags:
        table += sig + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = offset + len(data)
    header = (struct.pack(">I", size) + b"\0" * 4 + struct.pack(">I", 0x02100000) + b"mntrRGB XYZ " + b"\0" * 12
              + b"acsp" + b"\0" * 24 + b"\0" * 4 + s15(0.9642) + s15(1.0) + s15(0.8249) + b"\0" * 48)
    assert len(header) == 128
    return header + struct.pack(">I", len(tags)) + table + data


def exif_orientation(value):
    tiff = b"MM" + struct.pack(">HI", 42, 8) + struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, value, 0) + b"\0" * 4
    return b"Exif\0\0" + tiff


def jpeg_segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def riff_chunk(tag, data):
    return tag + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")


def main():
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = pathlib.Path(tmp)
        # 24 × 16: a red-to-blue ramp across, alpha falling down.
        rgba = bytearray()
        for y in range(16):
            for x in range(24):
                rgba += bytes([255 - x * 10, 60, x * 10, 255 - y * 15])
        (tmp / "in.rgba").write_bytes(bytes(rgba))
        source = ["ffmpeg", "-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "rgba", "-s", "24x16", "-i", str(tmp / "in.rgba"), "-frames:v", "1"]
        subprocess.run(source + ["-q:v", "5", str(tmp / "a.jpg")], check=True)
        subprocess.run(source + ["-c:v", "libwebp", "-quality", "50", str(tmp / "alpha.webp")], check=True)
        subprocess.run(source + ["-c:v", "libwebp", "-lossless", "1", str(out / "lossless.webp")], check=True)
        subprocess.run(source + [str(tmp / "in.png")], check=True)

        jpeg = (tmp / "a.jpg").read_bytes()
        profile = icc_profile()
        (out / "photo-exif6.jpg").write_bytes(jpeg[:2] + jpeg_segment(0xE1, exif_orientation(6))
                                             + jpeg_segment(0xE2, b"ICC_PROFILE\0\x01\x01" + profile) + jpeg[2:])

        webp = (tmp / "alpha.webp").read_bytes()
        if webp[12:16] == b"VP8X":   # already extended (it has alpha): keep its chunks, set our flags
            webp = webp[:12] + webp[30:]
        body = b"WEBP" + riff_chunk(b"VP8X", bytes([0x30, 0, 0, 0]) + struct.pack("<I", 23)[:3] + struct.pack("<I", 15)[:3])
        body += riff_chunk(b"ICCP", profile) + webp[12:]
        (out / "alpha.webp").write_bytes(b"RIFF" + struct.pack("<I", len(body)) + body)

        subprocess.run(["heif-enc", "-q", "30", "-o", str(out / "photo.heic"), str(tmp / "in.png")], check=True, capture_output=True)
        subprocess.run(["heif-enc", "-q", "30", "-o", str(out / "alpha.avif"), str(tmp / "in.png")], check=True, capture_output=True)


if __name__ == "__main__":
    main()
