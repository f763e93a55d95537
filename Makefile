# The two commands of the README. Each installs missing system packages first.
#   make render   renders every scene in Scenes/ into Output/<scene>.mp4 and a poster Output/<scene>.png,
#                 and the advent template's batch into Output/advent/day-NN.mp4
#   make test     runs the whole test suite, then the studio in headless Chromium, the scale-out
#                 recipes' lint and the Slurm recipe on a single-node cluster it starts and stops
.PHONY: render test build clean

SCENES := $(wildcard Scenes/*.json)

render:
	@scripts/install-deps.sh
	swift build -c release --product reel
	@mkdir -p Output
	@for scene in $(SCENES); do \
	  name=$$(basename "$$scene" .json); \
	  .build/release/reel render "$$scene" -o "Output/$$name.mp4" --poster "Output/$$name.png" || exit $$?; \
	done
	.build/release/reel batch Scenes/advent/door.json --data Scenes/advent/days.csv -o "Output/advent/day-{id}.mp4"

test:
	@scripts/install-deps.sh
	@python3 scripts/check-imports.py
	swift test
	scripts/studio-browser-test.sh
	scripts/check-recipes.sh
	scripts/slurm-local.sh

build:
	@scripts/install-deps.sh
	swift build -c release --product reel

clean:
	rm -rf .build Output/*.mp4 Output/*.png Output/.reel-cache Output/advent
