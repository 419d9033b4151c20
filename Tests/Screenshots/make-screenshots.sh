#!/usr/bin/env bash
# Remakes the README's screenshots: a seating plan and a week's register, as `roster` writes them
# with --format html, drawn by headless Chromium. Needs chromium (Debian's package); uses the
# debug build of roster, or $ROSTER_BINARY.
#
#   bash Tests/Screenshots/make-screenshots.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/../.."
if [ -z "${ROSTER_BINARY:-}" ]; then
    swift build --product roster >/dev/null
    ROSTER_BINARY="$(swift build --show-bin-path)/roster"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export ROSTER_CLASS=7A ROSTER_SEED=4 HOME="$work"
roster() { "$ROSTER_BINARY" "$@" >/dev/null 2>&1; }

for name in "Ada Lovelace" "Ben Okafor" "Chloé Dubois" "Dmitri Ivanov" "Elif Yılmaz" "Farah Haddad" \
    "Grace Kim" "Hiro Tanaka" "Isla Murphy" "Jonas Weber" "Kavya Iyer" "Leo O'Brien" "Maya Cohen" \
    "Nikolai Petrov" "Olivia Brown" "Priya Patel" "Quentin Moreau" "Rosa García" "Sami Nieminen" \
    "Tomás Silva" "Uma Reddy" "Viktor Novak" "Wen Li" "Zoë Martin"; do
    roster add "$name" --age 12
done
# A week of registers: Monday to Friday of the week of 23 November 2026.
roster absent elif --date 2026-11-23 --excused --reason "dentist"
roster absent leo --date 2026-11-23 --late
roster present --date 2026-11-24
roster absent jonas wen --date 2026-11-25
roster absent leo --date 2026-11-26 --late
roster absent maya --date 2026-11-27 --excused --reason "ill"
roster absent maya --date 2026-11-27 --lesson 2 --excused --reason "ill"
roster apart ada ben
roster seats --rows 4 --columns 6 --front hiro --front uma

shoot() {
    "$ROSTER_BINARY" "${@:3}" --format html >"$work/page.html"
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$work/profile" \
        --window-size="$2" --screenshot="$here/$1" "file://$work/page.html" 2>/dev/null
    echo "wrote Tests/Screenshots/$1"
}
shoot seating-plan.png 1000,560 seats
shoot register-week.png 1000,720 register --week 2026-11-25
