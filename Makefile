# The two commands of the README. Each installs missing system packages first.
#   make render   renders every scene in Scenes/ into Output/<scene>.mp4 and a poster Output/<scene>.png,
#                 the advent template's batch into Output/advent/day-NN.mp4, the chart template's
#                 into Output/chart/<id>.mp4, and the app-preview template's three rows (a video
#                 layer, a music bed) into Output/app-preview/ID.mp4
#   make test     runs the whole test suite, then the studio, the seeking of joined chunks and the
#                 app preview's sound and playback in headless Chromium, the scale-out recipes' lint and the Slurm recipes on a
#                 single-node cluster it starts and stops,
#                 then (as CI does) each fuzz target for 20 s and the stage suites under AddressSanitizer
# Also:
#   make fuzz            each fuzz target (Fuzz/) for FUZZ_SECONDS (default 300) under ASan
#   make test-sanitize   the stage suites under AddressSanitizer, then ThreadSanitizer
.PHONY: render test build clean fuzz test-sanitize

FUZZ_SECONDS ?= 300
# The stage suites `make test-sanitize` runs under ASan and TSan, and CI under
# ASan: everything but the command-line drills, which start the (instrumented)
# reel executable dozens of times.
SANITIZE_SUITES := GeometryTests|AnimationTests|TypesettingTests|RasterTests|MediaTests|SceneModelTests|EvaluationTests|PipelineTests\.(LimitTests|PipelineTests|FrameCacheTests|ContactSheetTests|EmitterDeterminismTests)

SCENES := $(wildcard Scenes/*.json)
# A crash in the suite ends its output with every thread's frames (no
# registers or image list after them): a crash on a Dispatch worker then shows
# what the test threads were doing at that moment too.
CRASH_REPORT := enable=yes,interactive=no,threads=all,registers=none,images=none

render:
	@scripts/install-deps.sh
	swift build -c release --product reel
	@mkdir -p Output
	@for scene in $(SCENES); do \
	  name=$$(basename "$$scene" .json); \
	  .build/release/reel render "$$scene" -o "Output/$$name.mp4" --poster "Output/$$name.png" || exit $$?; \
	done
	.build/release/reel batch Scenes/advent/door.json --data Scenes/advent/days.csv -o "Output/advent/day-{id}.mp4"
	.build/release/reel batch Scenes/chart/bars.json --data Scenes/chart/weeks.jsonl -o "Output/chart/{id}.mp4"
	.build/release/reel batch Scenes/app-preview/preview.json --data Scenes/app-preview/rows.csv -o "Output/app-preview/{id}.mp4"

test:
	@scripts/install-deps.sh
	@python3 scripts/check-imports.py
	SWIFT_BACKTRACE=$(CRASH_REPORT) swift test
	scripts/studio-browser-test.sh
	scripts/chunk-seek-browser-test.sh
	scripts/app-preview-browser-test.sh
	scripts/check-recipes.sh
	scripts/slurm-local.sh
	FUZZ_SECONDS=20 FUZZ_SEED=1 scripts/fuzz.sh
	SANITIZE_FILTER='$(SANITIZE_SUITES)' scripts/sanitize.sh address

fuzz:
	@scripts/install-deps.sh
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

test-sanitize:
	@scripts/install-deps.sh
	SANITIZE_FILTER='$(SANITIZE_SUITES)' scripts/sanitize.sh address thread

build:
	@scripts/install-deps.sh
	swift build -c release --product reel

clean:
	rm -rf .build Output/*.mp4 Output/*.png Output/advent Output/chart Output/app-preview
