#!/usr/bin/env bash
# Rebuild sample_games/corpus/simulated-3000.pmn: 3000 simulated deals, a mix of variants and
# of players (rule of thumb and random), each part from its own fixed seed, so the file is
# reproduced byte for byte. Run from the repository root: sample_games/corpus/make_corpus.sh
set -euo pipefail
cd "$(dirname "$0")/../.."
sim=".venv/bin/mendikot-replay simulate --quiet"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# name         deals  options
parts=(
    "drawn-rule    700 --trump Drawn"
    "drawn-mixed   300 --trump Drawn --ac rule --bd random"
    "drawn-mixed2  200 --trump Drawn --ac random --bd rule"
    "drawn-random  100 --trump Drawn --ac random --bd random"
    "faceup        200 --trump FaceUp"
    "closed-a      300 --trump Closed --reveal A"
    "closed-b      300 --trump Closed --reveal B --ac rule --bd random"
    "cut           300 --trump Cut"
    "no-trump      100 --trump None"
    "dehla         200 --trump Drawn --capture Dehla"
    "must-trump    100 --trump Drawn --variant must-trump,bonus-aces"
    "six           100 --players 6"
    "eight         100 --players 8"
)
seed=1
files=()
for part in "${parts[@]}"; do
    read -r name deals options <<<"$part"
    # shellcheck disable=SC2086  # options are words
    $sim --deals "$deals" --seed "corpus-$seed" $options -o "$tmp/$name.pmn"
    files+=("$tmp/$name.pmn")
    seed=$((seed + 1))
done
# One file: the first part's "% PMN" version line, every other part without it.
out=sample_games/corpus/simulated-3000.pmn
{
    cat "${files[0]}"
    for f in "${files[@]:1}"; do
        echo
        grep -v '^% PMN' "$f"
    done
} >"$out"
.venv/bin/mendikot-replay format "$out"
.venv/bin/mendikot-replay validate "$out" | tail -1
