#!/usr/bin/env bash
# Makes the README's images with `rtspath render`, on a map `rtspath gen`
# makes (the same seed gives the same map, so the images come out the
# same). Run from the repository root: docs/images.sh
set -euo pipefail
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
rtspath() { go run ./cmd/rtspath "$@"; }
m=$tmp/arena768.map
rtspath gen -size 768 -seed 2 -queries 0 -o "$m"
# The map and its tiers: islands, dead ends, 32×32 clusters, transition points.
rtspath render -map "$m" -layers terrain,islands,deadends,clusters,waypoints -size 768 -o docs/img/tiers.png
# A close-up with the waypoint graph's edges.
rtspath render -map "$m" -layers terrain,deadends,clusters,waypoints,edges -view 320,96,448,224 -size 768 -o docs/img/tiers-close.png
# One query (the longest of the generated scenarios): exact A* with the
# cells it expanded, and the planner with the clusters it crossed.
rtspath render -map "$m" -from 28,342 -to 7,639 -algo astar -layers terrain,expanded,path -size 768 -o docs/img/astar.png
rtspath render -map "$m" -from 28,342 -to 7,639 -algo hpa-smooth -layers terrain,clusters,waypoints,path -size 768 -o docs/img/hpa.png
# The same query with danger on the road it took.
rtspath render -map "$m" -from 28,342 -to 7,639 -algo hpa-smooth -hot 330,450,40,60 -layers terrain,clusters,influence,path -size 768 -o docs/img/influence.png
# The same query for one cell and for a 3×3 unit: the large unit takes the
# wider road (amber: cells where its top-left corner cannot stand).
rtspath render -map "$m" -from 462,222 -to 266,194 -algo hpa-smooth -unit 1 -layers terrain,path -view 180,60,560,420 -size 760 -o docs/img/unit1.png
rtspath render -map "$m" -from 462,222 -to 266,194 -algo hpa-smooth -unit 3 -layers terrain,fit,path -view 180,60,560,420 -size 760 -o docs/img/unit3.png
# Fog of war: a player who has seen only 60 cells round the start heads
# straight through land it believes open (blue); the true shortest path
# (orange) goes round walls the player has not seen (veiled).
rtspath render -map "$m" -from 28,342 -to 7,639 -fog 60 -layers terrain,fog,path,other -size 768 -o docs/img/fog.png
# A flow field to the middle of the map (a hue per step direction, as on
# a compass) and 24 units walking it from random cells.
rtspath render -map "$m" -to 384,384 -field 24 -layers terrain,flow -view 192,192,576,576 -size 768 -o docs/img/field.png
# The playground in headless Chromium (apt-get install chromium): the
# browser test's last screen, a path across the Tiled arena after a wall
# was painted across it.
RTSPATH_PLAYGROUND_SHOT=$PWD/docs/img/playground.png go test -count=1 -run TestPlaygroundInBrowser ./cmd/playground
