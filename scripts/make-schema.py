#!/usr/bin/env python3
"""Writes Sources/SceneModel/Resources/reel-scene.schema.json, the JSON Schema
(draft 2020-12) of Reel's scene format, for editor completion and validation.
It is a resource of the SceneModel target, so `reel schema` prints it.

Run after changing the format:  python3 scripts/make-schema.py
The test suite checks that the schema's property names are exactly the keys
the decoder accepts and that every bundled scene validates against it.
"""
import json, os

def ref(name): return {"$ref": "#/$defs/" + name}
def obj(props, required=(), desc=None):
    o = {"type": "object", "properties": props, "additionalProperties": False}
    if required: o["required"] = list(required)
    if desc: o["description"] = desc
    return o
def enum(*values): return {"enum": list(values)}
def anim(d): return ref("anim" + d)

number = {"type": "number"}
colors = ["white", "black", "clear", "gray", "red", "orange", "yellow", "green", "mint", "teal",
          "cyan", "blue", "indigo", "purple", "pink", "brown"]
curves = ["linear", "easeIn", "easeOut", "easeInOut", "hold"]
spring_presets = ["smooth", "snappy", "bouncy"]
unit_points = ["topLeading", "top", "topTrailing", "leading", "center", "trailing",
               "bottomLeading", "bottom", "bottomTrailing"]
blend = ["normal", "multiply", "screen", "overlay", "darken", "lighten", "colorDodge", "colorBurn",
         "softLight", "hardLight", "difference", "exclusion", "hue", "saturation", "color", "luminosity",
         "sourceAtop", "destinationOver", "destinationOut", "plusDarker", "plus", "plusLighter"]
weights = ["ultraLight", "thin", "light", "regular", "medium", "semibold", "bold", "heavy", "black"]
mask_modes = ["alpha", "invertedAlpha", "luminance", "invertedLuminance"]
text_styles = ["largeTitle", "title", "title2", "title3", "headline", "body", "callout", "subheadline",
               "footnote", "caption"]

defs = {
    "color": {"description": "#RGB, #RRGGBB, #RRGGBBAA, a SwiftUI colour name, or components 0…1 (sRGB)",
              "anyOf": [{"type": "string", "pattern": "^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$"},
                        enum(*colors),
                        obj({"r": number, "g": number, "b": number, "a": number}, ["r", "g", "b"])]},
    "point": {"type": "array", "prefixItems": [number, number], "minItems": 2, "maxItems": 2},
    "curve": {"anyOf": [enum(*curves),
                        obj({"cubicBezier": {"type": "array", "items": number, "minItems": 4, "maxItems": 4}},
                            ["cubicBezier"])]},
    "keyframes": obj({"keyframes": {"type": "array", "minItems": 1,
                                    "items": obj({"t": {"type": "number", "minimum": 0}, "value": {},
                                                  "curve": ref("curve")}, ["t", "value"])},
                      "repeat": enum("none", "loop", "pingpong")}, ["keyframes"]),
    "expression": obj({"expr": {"type": "string"}}, ["expr"],
                      "arithmetic over variables, t and frame; see docs/FORMAT.md"),
    "textExpression": obj({"expr": {"type": "string"},
                           "format": {"type": "string", "description": "a number format as placeholders take: d, .1f, 03d, …"}},
                          ["expr"], "(Reel) the text an expression of a number or a boolean writes, as the placeholder {expr:format}"),
    "choice": obj({"pick": {"type": "array", "minItems": 1}, "index": anim("Number")}, ["pick", "index"]),
    "animNumber": {"anyOf": [number, ref("keyframes"), ref("expression"), ref("choice")]},
    "animColor": {"anyOf": [ref("color"), ref("keyframes"), ref("expression"), ref("choice")]},
    "animBool": {"anyOf": [{"type": "boolean"}, ref("keyframes"), ref("expression"), ref("choice")]},
    "animPair": {"anyOf": [{"type": "array", "prefixItems": [anim("Number"), anim("Number")], "minItems": 2,
                            "maxItems": 2}, ref("keyframes"), ref("expression"), ref("choice")]},
    "animScale": {"anyOf": [anim("Number"), anim("Pair")]},
    "textRange": obj({"start": anim("Number"), "end": anim("Number"), "offset": anim("Number"),
                      "units": enum("percent", "index"),
                      "basedOn": enum("characters", "charactersExcludingSpaces", "words", "lines"),
                      "shape": enum("square", "rampUp", "rampDown", "triangle", "round", "smooth"),
                      "easeHigh": anim("Number"), "easeLow": anim("Number"), "amount": anim("Number"),
                      "smoothness": anim("Number"),
                      "mode": enum("add", "subtract", "intersect", "min", "max", "difference")},
                     desc="(Reel) which characters a text animator changes, and how much"),
    "textAnimator": obj({"range": ref("textRange"), "opacity": anim("Number"), "color": anim("Color"),
                         "strokeColor": anim("Color"), "offset": anim("Pair"), "scale": anim("Scale"),
                         "rotation": anim("Number"), "tracking": anim("Number"), "anchor": anim("Pair"),
                         "skew": anim("Number"), "skewAxis": anim("Number"), "strokeWidth": anim("Number"),
                         "hue": anim("Number"), "saturation": anim("Number"), "brightness": anim("Number")},
                        desc="(Reel) properties at full selection, blended per character by the range's amount"),
    "glyphOutlines": obj({"unitsPerEm": {"type": "number", "exclusiveMinimum": 0, "default": 1000},
                          "ascender": {"type": "number", "minimum": 0}, "descender": {"type": "number", "minimum": 0},
                          "characters": {"type": "object", "additionalProperties": obj(
                              {"d": {"type": "string", "description": "SVG path data in glyph units, y down, the baseline's start at the origin"},
                               "advance": number}, ["advance"])}},
                         ["characters"], "(Reel) the outlines a text is drawn from instead of a font, by character"),
    "unitPoint": {"anyOf": [ref("point"), enum(*unit_points)]},
    "gradientStops": {"type": "array", "items": {"type": "array", "prefixItems": [number, anim("Color")],
                                                 "minItems": 2, "maxItems": 2}},
    "colorMap": obj({"colors": {"type": "array", "items": anim("Color")}, "stops": ref("gradientStops"),
                     "amount": anim("Number")},
                    desc="(Reel) a gradient map: each colour replaced by the stops' colour at its luminance "
                         "(0 black … 1 white), mixed with it by amount (default 1)"),
    "levels": obj({"channels": enum("rgb", "red", "green", "blue", "alpha"), "inputBlack": anim("Number"),
                   "inputWhite": anim("Number"), "gamma": anim("Number"), "outputBlack": anim("Number"),
                   "outputWhite": anim("Number")},
                  desc="(Reel) After Effects' Levels on the channels (default rgb): input black…white stretched to 0…1, "
                       "raised to 1/gamma, laid from output black to output white"),
    "paint": {"anyOf": [
        anim("Color"),
        obj({"image": {"type": "string"},
             "tile": {"type": "boolean", "default": True,
                      "description": "repeat the image from the bounds' top-left, as SwiftUI's ImagePaint (false: draw it once)"},
             "scale": number}, ["image"]),
        obj({"linearGradient": obj({"colors": {"type": "array", "items": anim("Color")},
                                    "stops": ref("gradientStops"), "start": ref("unitPoint"),
                                    "end": ref("unitPoint")})}, ["linearGradient"]),
        obj({"radialGradient": obj({"colors": {"type": "array", "items": anim("Color")},
                                    "stops": ref("gradientStops"), "center": ref("unitPoint"),
                                    "startRadius": anim("Number"), "endRadius": anim("Number"),
                                    "focus": ref("unitPoint")},
                                   ["endRadius"])}, ["radialGradient"]),
        obj({"angularGradient": obj({"colors": {"type": "array", "items": anim("Color")},
                                     "stops": ref("gradientStops"), "center": ref("unitPoint"),
                                     "startAngle": anim("Number"),
                                     "endAngle": {"$ref": "#/$defs/animNumber",
                                                  "description": "degrees; default startAngle + 360 (a full turn)"}})},
            ["angularGradient"]),
        obj({"ellipticalGradient": obj({"colors": {"type": "array", "items": anim("Color")},
                                        "stops": ref("gradientStops"), "center": ref("unitPoint"),
                                        "startRadiusFraction": anim("Number"),
                                        "endRadiusFraction": anim("Number")})}, ["ellipticalGradient"]),
    ]},
    "stroke": obj({"color": ref("paint"), "paint": ref("paint"), "width": anim("Number"),
                   "cap": enum("butt", "round", "square"), "join": enum("miter", "round", "bevel"),
                   "miterLimit": number, "dash": {"type": "array", "items": number},
                   "dashPhase": anim("Number")}),
    "shadow": obj({"color": anim("Color"), "radius": anim("Number"), "offset": anim("Pair")}),
    "rotation3D": obj({"angle": anim("Number"),
                       "axis": {"type": "array", "items": {"type": "number"}, "minItems": 3, "maxItems": 3},
                       "anchor": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2},
                       "anchorZ": {"type": "number"}, "perspective": {"type": "number", "minimum": 0}}, ["axis"]),
    "backdrop": obj({"blur": anim("Number"), "tint": anim("Color")}),
    "maskMode": {"enum": mask_modes,
                 "description": "what lets the masked node through: the mask's alpha (default), its luminance "
                                "(CSS mask-type: luminance), or either inverted"},
    "motion": obj({"path": {"type": "string", "description": "SVG path data, in the parent's coordinates"},
                   "progress": {"$ref": "#/$defs/animNumber", "description": "fraction of the path's length, 0…1"},
                   "rotate": enum("auto", "autoReverse")}, ["path", "progress"],
                  "(Reel) the anchor moves along the path in place of position (Core Animation's keyframe path, SVG animateMotion)"),
    "matte": obj({"node": {"type": "string", "description": "the id of the node just before this one"},
                  "mode": ref("maskMode")}, ["node"],
                 "a track matte: the sibling just before this node masks it and is not drawn itself"),
}

common = {"id": {"type": "string"}, "position": anim("Pair"), "motion": ref("motion"), "anchor": ref("point"),
          "offset": anim("Pair"), "scale": anim("Scale"), "rotation": anim("Number"),
          "skew": {"$ref": "#/$defs/animPair", "description": "(Reel) [x, y] degrees about the anchor, as CSS skew()"},
          "opacity": anim("Number"),
          "blend": enum(*blend), "shadow": ref("shadow"), "rotation3D": ref("rotation3D"), "blur": anim("Number"), "backdrop": ref("backdrop"),
          "visible": anim("Bool"), "clip": ref("shapeNode"),
          "mask": {"$ref": "#/$defs/node", "description": "a node, in this node's coordinates, whose alpha "
                                                           "(or luminance: maskMode) limits where this one shows"},
          "maskMode": ref("maskMode"), "matte": ref("matte"),
          # SwiftUI's colour modifiers, applied in this order (see docs/FORMAT.md).
          "hueRotation": anim("Number"), "saturation": anim("Number"), "brightness": anim("Number"),
          "contrast": anim("Number"), "grayscale": anim("Number"), "colorMultiply": anim("Color"),
          "colorInvert": {"type": "boolean"}, "colorMap": ref("colorMap"),
          "levels": {"anyOf": [ref("levels"), {"type": "array", "items": ref("levels"), "minItems": 1}]}}
trim = {"type": "array", "prefixItems": [anim("Number"), anim("Number")], "minItems": 2, "maxItems": 2}
shape_keys = {"fill": ref("paint"), "stroke": ref("stroke"), "strokeBorder": ref("stroke"), "trim": trim,
              "inset": anim("Number"), "fillRule": enum("nonzero", "evenodd")}
radii = {"anyOf": [anim("Number"), {"type": "array", "items": anim("Number"), "minItems": 4, "maxItems": 4}]}
shapes = {
    "rect": ({"size": anim("Pair"), "cornerRadius": radii}, ["size"]),
    "circle": ({"radius": anim("Number"), "size": anim("Pair")}, []),
    "ellipse": ({"size": anim("Pair")}, ["size"]),
    "capsule": ({"size": anim("Pair")}, ["size"]),
    "arc": ({"size": anim("Pair"), "startAngle": anim("Number"), "endAngle": anim("Number"),
             "counterclockwise": {"type": "boolean"}}, ["size", "endAngle"]),
    "line": ({"from": anim("Pair"), "to": anim("Pair")}, ["from", "to"]),
    "polygon": ({"points": {"type": "array", "items": anim("Pair"), "minItems": 2}}, ["points"]),
    "path": ({"d": {"anyOf": [{"type": "string", "description": "SVG path data"}, ref("keyframes"), ref("choice")],
                    "description": "SVG path data; keyframes of it morph (same commands in each)"}}, ["d"]),
    "shape": ({"shapes": {"type": "array", "items": ref("shapeNode"), "minItems": 1}}, ["shapes"]),
}
node_list = ref("nodeList")
stack = ({"children": node_list, "spacing": anim("Number"),
          "alignment": {"anyOf": [enum(*unit_points), {"type": "array", "items": number, "minItems": 2, "maxItems": 2}]},
          "padding": {"anyOf": [anim("Number"), {"type": "array", "items": anim("Number"), "minItems": 4, "maxItems": 4}]}}, [])
others = {
    "group": ({"children": node_list, "size": anim("Pair")}, []),
    "use": ({"component": {"type": "string", "description": "(Reel) the name of an entry of `components`"},
             "with": {"type": "object", "description": "parameter → value (fixed for the render)"},
             "begin": number, "duration": {"type": "number", "exclusiveMinimum": 0},
             "speed": {"type": "number", "exclusiveMinimum": 0}, "loop": {"type": "boolean"}, "hold": {"type": "boolean"},
             "time": {"$ref": "#/$defs/animNumber", "description": "local time as a function of the parent's (time remapping)"}},
            ["component"]),
    "sequence": ({"items": {"type": "array", "minItems": 1, "items": {"anyOf": [ref("node_use"), ref("transition")]}},
                  "size": anim("Pair")}, ["items"]),
    "hstack": stack, "vstack": stack, "zstack": stack,
    "replicator": ({"children": node_list, "size": anim("Pair"),
                    "instanceCount": anim("Number"), "instanceTransform": ref("instanceTransform"),
                    "instanceDelay": number, "instanceColor": anim("Color"),
                    "instanceRedOffset": number, "instanceGreenOffset": number,
                    "instanceBlueOffset": number, "instanceAlphaOffset": number}, []),
    "image": ({"image": {"type": "string"}, "size": anim("Pair"),
               "contentMode": enum("fill", "fit", "stretch", "tile")}, ["image"]),
    "video": ({"video": {"type": "string", "description": "(Reel) a video file's path (.mp4, .m4v, .mov, .webm, .mkv, .gif; relative to the scene file) or a video parameter's name"},
               "size": anim("Pair"),
               "contentMode": enum("fill", "fit", "stretch", "tile"),
               "begin": {"type": "number", "minimum": 0, "description": "scene seconds where the clip starts; nothing is drawn before"},
               "in": {"type": "number", "minimum": 0, "description": "clip seconds where the played stretch starts"},
               "out": {"type": "number", "exclusiveMinimum": 0, "description": "clip seconds where it ends (default: the clip's end)"},
               "rate": {"type": "number", "exclusiveMinimum": 0, "maximum": 100, "description": "clip seconds per scene second"},
               "loop": {"type": "boolean", "description": "repeat the stretch (false: hold its last frame)"},
               "audio": {"type": "boolean", "description": "mix the clip's own sound (rate 1 only)"}}, ["video"]),
    "text": ({"text": {"anyOf": [{"type": "string"}, ref("choice"), ref("textExpression")]},
              "font": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "minItems": 1}]},
              "size": {"anyOf": [anim("Number"), enum(*text_styles)]}, "weight": enum(*weights),
              "color": anim("Color"), "fill": ref("paint"), "stroke": ref("stroke"),
              "align": enum("leading", "center", "trailing"), "width": anim("Number"),
              "lineSpacing": anim("Number"), "tracking": anim("Number"), "trim": trim,
              "glyphs": ref("glyphOutlines"),
              "animators": {"type": "array", "items": ref("textAnimator"),
                            "description": "(Reel) After Effects' text animators: properties changed by how much a range selects each character"}}, ["text"]),
}

def node_def(kind, props, required, with_common=True):
    p = {"type": {"const": kind}}
    # An emitter's placement places where particles are born: no skew, no motion.
    if with_common: p.update({k: v for k, v in common.items() if not (kind == "emitter" and k in ("skew", "motion"))})
    p.update(props)
    return obj(p, ["type"] + required)

shape_defs = []
for kind, (props, req) in shapes.items():
    merged = dict(props); merged.update(shape_keys)
    defs["node_" + kind] = node_def(kind, merged, req)
    placed = dict(merged); placed.update({k: common[k] for k in ["position", "motion", "anchor", "offset", "scale", "rotation", "skew"]})
    defs["shape_" + kind] = node_def(kind, placed, req, with_common=False)
    shape_defs.append(ref("shape_" + kind))
for kind, (props, req) in others.items():
    defs["node_" + kind] = node_def(kind, props, req)
seq = ref("keyframes")
cell_numbers = ["birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange", "emissionLongitude",
                "emissionLatitude", "emissionRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale", "scaleRange", "scaleSpeed", "spin",
                "spinRange", "alpha", "alphaRange", "alphaSpeed", "redRange", "greenRange", "blueRange",
                "redSpeed", "greenSpeed", "blueSpeed"]
cell = {k: anim("Number") for k in cell_numbers}
cell.update({"name": {"type": "string"}, "contents": {"anyOf": [obj({"image": {"type": "string"}}, ["image"]),
                                                               ref("shapeNode")]},
             "contentsRect": {"type": "array", "items": {"type": "number", "minimum": 0, "maximum": 1},
                              "minItems": 4, "maxItems": 4},
             "color": anim("Color"), "beginTime": {"type": "number", "minimum": 0},
             "duration": {"type": "number", "exclusiveMinimum": 0},
             "alphaSequence": seq, "scaleSequence": seq, "colorSequence": seq,
             "cells": {"type": "array", "items": ref("emitterCell")}})
defs["emitterCell"] = obj(cell, desc="CAEmitterCell's properties (angles in degrees)")
others["emitter"] = ({"shape": enum("point", "line", "rectangle", "circle", "sphere", "cuboid"), "size": anim("Pair"),
                      "depth": anim("Number"), "zPosition": anim("Number"),
                      "mode": enum("points", "outline", "surface", "volume"), "birthRate": anim("Number"),
                      "lifetime": anim("Number"), "velocity": anim("Number"), "spin": anim("Number"),
                      "renderMode": enum("unordered", "oldestFirst", "oldestLast", "backToFront", "additive"),
                      "seed": {"type": "integer"}, "prewarm": {"type": "number", "minimum": 0},
                      "cells": {"type": "array", "items": ref("emitterCell")}}, [])
defs["node_emitter"] = node_def("emitter", *others["emitter"])
defs["shapeNode"] = {"anyOf": shape_defs}
defs["transition"] = obj({"transition": enum("crossfade", "push", "slide", "wipe"),
                          "duration": {"type": "number", "exclusiveMinimum": 0},
                          "edge": enum("leading", "trailing", "top", "bottom"), "curve": ref("curve")},
                         ["transition", "duration"], "(Reel) how an item of a sequence gives way to the next")
defs["instanceTransform"] = obj({"offset": anim("Pair"), "rotation": anim("Number"), "scale": anim("Scale")},
                                desc="CAReplicatorLayer's instanceTransform: one copy's step from the one before")
defs["forEach"] = obj({"type": {"const": "forEach"},
                       "in": {"anyOf": [{"type": "string", "description": "a list parameter's name"}, {"type": "array"}]},
                       "item": {"type": "string"}, "index": {"type": "string"},
                       "content": {"anyOf": [ref("node"), node_list]}}, ["type", "in", "content"],
                      "(Reel) SwiftUI's ForEach: content drawn once per item of a list")
defs["nodeList"] = {"type": "array", "items": {"anyOf": [ref("node"), ref("forEach")]}}
defs["component"] = obj({"variables": {"$ref": "#/properties/variables"}, "timeline": {"$ref": "#/properties/timeline"},
                         "loop": {"$ref": "#/properties/loop"}, "duration": {"type": "number", "exclusiveMinimum": 0},
                         "size": anim("Pair"), "layers": node_list}, ["layers"],
                        "(Reel) a reusable node tree with parameters and a time of its own")
defs["node"] = {"anyOf": [ref("node_" + k) for k in list(shapes) + list(others)]}

schema = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "$id": "https://reel.invalid/scene.schema.json",
    "title": "Reel scene, format version 1",
    "type": "object", "additionalProperties": False, "required": ["canvas"],
    "properties": {
        "$schema": {"type": "string"}, "version": {"const": 1},
        "canvas": obj({"width": {"type": "number", "exclusiveMinimum": 0},
                       "height": {"type": "number", "exclusiveMinimum": 0},
                       "scale": {"type": "number", "exclusiveMinimum": 0},
                       "fps": {"type": "number", "exclusiveMinimum": 0, "maximum": 240},
                       "duration": {"type": "number", "exclusiveMinimum": 0, "maximum": 3600},
                       "start": {"type": "number", "minimum": -3600, "maximum": 3600},
                       "background": ref("color")}, ["width", "height", "duration"]),
        "seed": {"type": "integer"},
        "assets": obj({"images": {"type": "object", "additionalProperties": {"type": "string"}},
                       "fonts": {"type": "object", "additionalProperties": {"type": "string"}}}),
        "variables": {"type": "object", "description": "parameters: name → default value; see docs/FORMAT.md",
                      "additionalProperties": {
            "anyOf": [number, {"type": "boolean"}, ref("color"), ref("point"), ref("keyframes"),
                      {"type": "string", "description": "a colour, or else a string parameter"},
                      obj({"string": {"type": "string"}}, ["string"], "a string parameter"),
                      obj({"image": {"type": "string"}}, ["image"], "an image parameter: an asset name or the path of a .png, .jpg, .jpeg, .webp, .heic, .heif or .avif file"),
                      obj({"audio": {"type": "string"}}, ["audio"],
                          "an audio parameter: a sound file's path (.wav, .aiff, .flac, .mp3, .m4a, .aac, .opus, .ogg), relative to the scene file"),
                      obj({"video": {"type": "string"}}, ["video"],
                          "a video parameter: a video file's path (.mp4, .m4v, .mov, .webm, .mkv, .gif), relative to the scene file"),
                      obj({"list": {"type": "array", "maxItems": 10000}}, ["list"],
                          "(Reel) a list parameter: numbers, strings, booleans or objects of those, for forEach")]}},
        "timeline": {"type": "array", "items": obj({
            "at": {"type": "number", "minimum": 0},
            "animation": obj({"curve": {"anyOf": [ref("curve"), enum("spring", *spring_presets),
                                                  obj({"spring": obj({"response": number, "dampingFraction": number,
                                                                      "duration": number, "bounce": number},
                                                                     desc="response and dampingFraction, or duration and bounce")},
                                                      ["spring"]),
                                                  obj({"interpolatingSpring": obj({"stiffness": number, "damping": number, "mass": number},
                                                                                  ["stiffness", "damping"])}, ["interpolatingSpring"])]
                                                 + [obj({name: obj({"duration": number, "extraBounce": number})}, [name])
                                                    for name in spring_presets]},
                              "duration": {"type": "number", "exclusiveMinimum": 0},
                              "delay": {"type": "number", "minimum": 0},
                              "repeat": obj({"count": {"anyOf": [{"type": "integer", "minimum": 1}, {"const": "forever"}]},
                                             "autoreverses": {"type": "boolean"}}, ["count"])}),
            "set": {"type": "object", "additionalProperties": {"anyOf": [number, {"type": "boolean"}, ref("color"), ref("point")]}}},
            ["at", "set"])},
        "loop": {"anyOf": [
            {"type": "number", "exclusiveMinimum": 0,
             "description": "seconds; the timeline restarts from every variable's initial value"},
            obj({"every": {"type": "number", "exclusiveMinimum": 0},
                 "resets": {"type": "array", "items": {"type": "string"}}}, ["every"],
                "(Reel) the timeline restarts every `every` seconds; only the variables in `resets` "
                "restart from their initial values, the others carry over"),
        ]},
        "poster": {"type": "number", "minimum": 0, "description": "(Reel) the moment shown in poster images, seconds"},
        "components": {"type": "object", "additionalProperties": ref("component"),
                       "description": "(Reel) reusable node trees, placed by `use` nodes"},
        "layers": node_list,
        "audio": {"type": "array", "maxItems": 256, "description": "(Reel) sounds on the timeline, mixed in this order",
                  "items": obj({
            "file": {"type": "string", "description": "a sound file's path (relative to the scene file) or an audio parameter's name"},
            "start": {"type": "number", "minimum": 0, "description": "where the clip starts in the scene, seconds"},
            "in": {"type": "number", "minimum": 0, "description": "where the played stretch starts in the file, seconds"},
            "out": {"type": "number", "exclusiveMinimum": 0, "description": "where it ends in the file, seconds (default: the file's end)"},
            "loop": {"type": "boolean", "description": "repeat the stretch until the scene ends"},
            "gain": {"type": "number", "minimum": -120, "maximum": 24, "description": "level change, decibels"},
            "volume": anim("Number")}, ["file"])},
    },
    "$defs": defs,
}
out = os.path.join(os.path.dirname(__file__), "..", "Sources", "SceneModel", "Resources", "reel-scene.schema.json")
with open(out, "w") as f:
    json.dump(schema, f, indent=1, ensure_ascii=False)
    f.write("\n")
print("wrote", os.path.normpath(out))
