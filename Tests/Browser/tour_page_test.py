#!/usr/bin/env python3
"""The tour's step-through page in a real browser (headless Chromium driven by Playwright).

Docs: docs/recorder.md#how-it-is-tested. Run by .ci/run after `swift test`:

    python3 Tests/Browser/tour_page_test.py [--tour .build/debug/kvo-tour] [--screenshot docs/tour-step3.png]

It writes the page with `kvo-tour --html`, opens it from disk, steps through every frame with the
keyboard and checks the DOM: one frame per tour step (as `kvo-tour --list` counts them); at step 3
the isa arrow from `ann` points at NSKVONotifying_Person while the class column still names
Person; at step 6 the isa is back on Person; `#step=N` opens frame N; Home/End, the buttons and
the slider move; nothing scrolls sideways on a 1366x768 laptop screen; and the console reports no
error. The checks are about behaviour (titles, classes, arrows), not pixels, so the page may
change its looks freely. The system's Chromium is used (Debian's `chromium`); Playwright never
downloads a browser here.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

LAPTOP = {"width": 1366, "height": 768}


class Checks:
    """Counts checks; a failed one is reported and the run goes on."""

    def __init__(self):
        self.passed = 0
        self.failed = []

    def expect(self, condition, what):
        if condition:
            self.passed += 1
        else:
            self.failed.append(what)
            print("FAILED: " + what, flush=True)


def tour_steps(tour):
    listing = subprocess.run([tour, "--list"], check=True, capture_output=True, text=True).stdout
    return [line for line in listing.splitlines() if line.strip()]


def visible_step(page):
    return page.evaluate(
        """() => { const shown = [...document.querySelectorAll('section.frame')].filter(f => !f.hidden);
                   return shown.length === 1 ? Number(shown[0].dataset.step) : -shown.length; }"""
    )


def isa_target(page, step, instance):
    """Where the current isa arrow of `instance` points in step `step`'s diagram (not the ghost)."""
    return page.evaluate(
        """([step, instance]) => {
             const edge = document.querySelector(
               `#step-${step} svg path.edge.isa[data-from="${instance}"]:not(.ghost)`);
             return edge ? edge.dataset.to : null; }""",
        [step, instance],
    )


def class_column_names(page, step):
    return page.evaluate(
        """(step) => [...document.querySelectorAll(`#step-${step} svg g.node.class`)].map(g => g.dataset.id)""",
        step,
    )


def no_sideways_scroll(page):
    return page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")


def run(arguments):
    checks = Checks()
    steps = tour_steps(arguments.tour)
    workdir = tempfile.mkdtemp(prefix="minikvo-browser-")
    path = os.path.join(workdir, "tour.html")
    subprocess.run([arguments.tour, "--html", path], check=True, stdout=subprocess.DEVNULL)
    url = "file://" + path
    problems = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=arguments.chromium, args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_page(viewport=LAPTOP)
        page.on("console", lambda message: problems.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: problems.append(str(error)))
        page.goto(url)

        frames = page.locator("section.frame").count()
        checks.expect(frames == len(steps), f"{frames} frames for {len(steps)} tour steps")
        checks.expect(visible_step(page) == 1, "the page opens on step 1 and shows one frame")
        titles = page.eval_on_selector_all("section.frame .step-title", "spans => spans.map(s => s.textContent)")
        expected_titles = [line.split(". ", 1)[1] for line in steps]
        checks.expect(titles == expected_titles, f"frame titles are the tour's step titles: {titles}")

        page.locator("body").focus()
        for step in range(2, frames + 1):
            page.keyboard.press("ArrowRight")
            checks.expect(visible_step(page) == step, f"ArrowRight shows step {step}")
            checks.expect(page.evaluate("() => location.hash") == f"#step={step}", f"the address says #step={step}")
            if step == 3:
                checks.expect(
                    isa_target(page, 3, "ann") == "NSKVONotifying_Person",
                    f"step 3: ann's isa arrow points at NSKVONotifying_Person (got {isa_target(page, 3, 'ann')})",
                )
                names = class_column_names(page, 3)
                checks.expect("Person" in names, f"step 3: the class column still names Person ({names})")
                checks.expect(
                    "NSKVONotifying_Person" in names and names.index("Person") < names.index("NSKVONotifying_Person"),
                    "step 3: NSKVONotifying_Person appears below its superclass Person",
                )
                checks.expect(
                    page.locator("#step-3 svg g.node.class.changed[data-id='NSKVONotifying_Person']").count() == 1,
                    "step 3: the new class is highlighted",
                )
                checks.expect(no_sideways_scroll(page), "step 3 fits a 1366x768 screen without scrolling sideways")
                if arguments.screenshot:
                    page.screenshot(path=arguments.screenshot)
            if step == 6:
                checks.expect(isa_target(page, 6, "ann") == "Person", "step 6: ann's isa is back on Person")
        page.keyboard.press("ArrowRight")
        checks.expect(visible_step(page) == frames, "ArrowRight on the last step stays there")
        for step in range(frames - 1, 0, -1):
            page.keyboard.press("ArrowLeft")
            checks.expect(visible_step(page) == step, f"ArrowLeft shows step {step}")
        page.keyboard.press("End")
        checks.expect(visible_step(page) == frames, "End shows the last step")
        page.keyboard.press("Home")
        checks.expect(visible_step(page) == 1, "Home shows step 1")
        page.get_by_role("button", name="Forward one step").click()
        checks.expect(visible_step(page) == 2, "the Forward button shows step 2")
        page.get_by_role("button", name="Forward one step").focus()
        page.keyboard.press("Enter")
        checks.expect(visible_step(page) == 3, "Enter on the focused Forward button shows step 3")
        page.locator("#slider").fill(str(frames))
        checks.expect(visible_step(page) == frames, "the slider shows the step it is moved to")

        for step in (3, 6):
            fresh = browser.new_page(viewport=LAPTOP)
            fresh.on("pageerror", lambda error: problems.append(str(error)))
            fresh.goto(f"{url}#step={step}")
            checks.expect(visible_step(fresh) == step, f"#step={step} in the address opens step {step}")
            fresh.close()
        browser.close()
    checks.expect(not problems, f"no console errors ({problems})")
    shutil.rmtree(workdir, ignore_errors=True)
    print(f"browser checks: {checks.passed} passed, {len(checks.failed)} failed")
    return 0 if not checks.failed else 1


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tour", default=".build/debug/kvo-tour", help="the kvo-tour executable")
    parser.add_argument(
        "--chromium", default=os.environ.get("CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
    )
    parser.add_argument("--screenshot", help="where to save the screenshot of step 3 (a PNG)")
    sys.exit(run(parser.parse_args()))


if __name__ == "__main__":
    main()
