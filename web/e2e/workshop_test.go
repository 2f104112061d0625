package e2e

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// goalStates is data-met of each goal of the open exercise: "true", "false",
// or "" before the first check.
func (p *playground) goalStates() []string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('.js-exercise-goals .goal')].map((li) => li.dataset.met)`))
}

// waitGoals waits until the open exercise's goals are checked and returns their states.
func (p *playground) waitGoals() []string {
	p.t.Helper()
	p.waitFor(`(() => { const goals = [...document.querySelectorAll('.js-exercise-goals .goal')];
		return goals.length > 0 && goals.every((li) => li.dataset.met !== ''); })()`)
	return p.goalStates()
}

// count is how many elements the selector finds.
func (p *playground) count(selector string) int {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[int](`document.querySelectorAll(`+strconv.Quote(selector)+`).length`))
}

// TestWorkshopSolveByTyping opens the first exercise by its link: only one
// goal of four is met, and the goal about checkout says why. Typing the
// toleration into checkout in place of its keyless one, key by key, and
// deleting web's turns every goal met and ticks the exercise done; after a
// reload the text, the goals and the tick are still there.
func TestWorkshopSolveByTyping(t *testing.T) {
	p := open(t, "/?exercise=first-toleration")
	p.waitText(".js-exercise-title", "Your first toleration")
	if diff := cmp.Diff([]string{"false", "false", "false", "true"}, p.waitGoals()); diff != "" {
		t.Errorf("goals at the start (-want +got):\n%s", diff)
	}
	if why := p.text(".js-exercise-goals .goal .js-goal-why"); !strings.Contains(why, "no toleration tolerates the taint team=payments:NoSchedule") {
		t.Errorf("the first goal says %q; want the untolerated taint named", why)
	}
	if n := p.count(".workshop-item--done"); n != 0 {
		t.Errorf("%d exercises are ticked done before any work", n)
	}

	// Select checkout's keyless toleration (lines 7 and 8) and type the one it needs over it.
	p.selectLines("pods", 7, 2)
	p.Do(chromedp.SendKeys(chromedp.CSS(editorSelector("pods")),
		"  - key: team\n    operator: Equal\n    value: payments\n    effect: NoSchedule\n"))
	p.waitFor(`document.querySelector('.js-exercise-goals .goal').dataset.met === 'true'`)
	// web's tolerations are now lines 20 to 24: select them and delete them.
	p.selectLines("pods", 20, 5)
	p.keys("pods", kb.Backspace)
	p.waitText(".js-exercise-status", "Done: every goal is met")
	if diff := cmp.Diff([]string{"true", "true", "true", "true"}, p.goalStates()); diff != "" {
		t.Errorf("goals after typing the fix (-want +got):\n%s", diff)
	}
	p.waitText(".workshop-item--done", "Your first toleration")
	typed := p.value("pods")
	p.Screenshot("workshop-done")

	p.Navigate(p.site.URL + "/?exercise=first-toleration")
	p.waitFirstVerdict()
	p.waitText(".js-exercise-status", "Done: every goal is met")
	if got := p.value("pods"); got != typed {
		t.Errorf("after a reload the Pods editor holds %q; want the typed %q", got, typed)
	}
	if got := p.text(".workshop-item--done"); !strings.Contains(got, "Your first toleration") {
		t.Errorf("after a reload the done exercise is %q", got)
	}
	p.finish("")
}

// selectLines selects count whole lines of an editor from line first on, as
// a person does with the keyboard: Ctrl+Home, Down to the line, then
// Shift+Down.
func (p *playground) selectLines(editor string, first, count int) {
	p.t.Helper()
	p.keys(editor, kb.Home, chromedp.ModifierCtrl)
	for range first - 1 {
		p.keys(editor, kb.ArrowDown)
	}
	p.keys(editor, kb.Home)
	for range count {
		p.keys(editor, kb.ArrowDown, chromedp.ModifierShift)
	}
}

// TestWorkshopHintsAndSolution reveals the hints one at a time, shows the
// solution (every goal met), goes back to the student's own text with the
// button and with the browser's Back, and finds the revealed hints still
// there after a reload.
func TestWorkshopHintsAndSolution(t *testing.T) {
	p := open(t, "/?exercise=exists-many-values")
	p.waitText(".js-exercise-status", "2 of 7 goals met")
	for i, want := range []string{"Show hint (1 of 2)", "Show hint (2 of 2)", "No more hints"} {
		if n := p.count(".js-exercise-hints li"); n != i {
			t.Errorf("%d hints shown; want %d", n, i)
		}
		if got := p.text(".js-exercise-hint"); got != want {
			t.Errorf("the hint button says %q; want %q", got, want)
		}
		if i < 2 {
			p.click(".js-exercise-hint")
		}
	}
	if !browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.querySelector('.js-exercise-hint').disabled`)) {
		t.Error("the hint button is enabled with every hint shown")
	}

	p.typeAtEnd("pods", "# my attempt\n")
	mine := p.value("pods")
	p.clickButton("Show solution")
	p.waitText(".js-exercise-status", "Done: every goal is met")
	if got := p.value("pods"); !strings.Contains(got, "operator: Exists") {
		t.Errorf("the solution's Pods text is %q; want the Exists toleration", got)
	}
	p.clickButton("Back to my text")
	p.waitFor(`document.querySelector('#pods-input').value.includes('# my attempt')`)
	if got := p.value("pods"); got != mine {
		t.Errorf("back to my text gives %q; want %q", got, mine)
	}
	p.waitText(".js-exercise-status", "2 of 7 goals met")
	// The browser's Back undoes the solution too.
	p.clickButton("Show solution")
	p.waitText(".js-exercise-status", "Done: every goal is met")
	p.Do(chromedp.NavigateBack())
	p.waitFor(`document.querySelector('#pods-input').value.includes('# my attempt')`)
	if got := p.value("pods"); got != mine {
		t.Errorf("Back after the solution gives %q; want %q", got, mine)
	}
	p.waitText(".js-exercise-status", "2 of 7 goals met")

	p.Navigate(p.site.URL + "/?exercise=exists-many-values")
	p.waitFirstVerdict()
	p.waitText(".js-exercise-status", "2 of 7 goals met")
	if n := p.count(".js-exercise-hints li"); n != 2 {
		t.Errorf("after a reload %d hints are shown; want the 2 revealed", n)
	}
	if got := p.text(".workshop-item--done"); !strings.Contains(got, "One toleration, many values") {
		t.Errorf("after a reload the done exercise is %q", got)
	}
	p.finish("workshop-hints")
}

// TestWorkshopFromTheToolbar starts from the normal page: the Workshop button
// opens the first exercise and names it in the URL, and it fits a phone's
// width; Next exercise goes on, Leave the workshop closes it and gives back
// the text the editors had before.
func TestWorkshopFromTheToolbar(t *testing.T) {
	p := open(t, "/")
	p.clickButton("Workshop")
	p.waitText(".js-exercise-title", "1. Your first toleration")
	p.waitGoals()
	p.waitFor(`location.search === '?exercise=first-toleration'`)
	p.Do(chromedp.EmulateViewport(390, 844))
	p.waitFor(`document.documentElement.scrollWidth <= document.documentElement.clientWidth`)
	p.Screenshot("workshop-phone")
	p.clickButton("Next exercise")
	p.waitText(".js-exercise-title", "2. One toleration, many values")
	p.waitFor(`location.search === '?exercise=exists-many-values'`)
	if got := p.value("pods"); !strings.Contains(got, "name: indexer") {
		t.Errorf("the second exercise's Pods text is %q", got)
	}
	p.Do(chromedp.NavigateBack())
	p.waitText(".js-exercise-title", "1. Your first toleration")
	p.Do(chromedp.NavigateForward())
	p.waitText(".js-exercise-title", "2. One toleration, many values")
	p.clickButton("Leave the workshop")
	p.waitFor(`document.querySelector('.js-workshop').hidden && location.search === ''`)
	p.waitFor(`document.querySelector('#pods-input').value.includes('name: nginx')`)
	if got := p.value("pods"); got != docsPods {
		t.Errorf("after leaving the workshop the Pods editor holds %q; want the text from before it", got)
	}
	p.finish("")
}

// TestWorkshopLinks opens a link to an unknown exercise, which says so beside
// the list, and a link to an exercise in embed mode.
func TestWorkshopLinks(t *testing.T) {
	p := open(t, "/?exercise=nope")
	p.waitText(".js-workshop-missing", "There is no exercise “nope” in this workshop")
	if n := p.count(".js-workshop-list li"); n < 8 {
		t.Errorf("the list beside the bad link has %d exercises", n)
	}
	p.click(`.workshop-link[data-slug="gpu-job"]`)
	p.waitText(".js-exercise-title", "A GPU job without a blanket toleration")
	p.waitGoals()

	p.Navigate(p.site.URL + "/?embed&exercise=survive-a-partition")
	p.waitText(".js-exercise-title", "Ride out a network partition")
	if diff := cmp.Diff([]string{"false", "false", "false", "true"}, p.waitGoals()); diff != "" {
		t.Errorf("goals of the embedded exercise (-want +got):\n%s", diff)
	}
	if !browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.documentElement.classList.contains('is-embed')`)) {
		t.Error("?embed&exercise= lost the embed layout")
	}
	p.finish("workshop-embed")
}

// TestWorkshopBlockedStorage runs an exercise where touching localStorage
// throws: hints, the solution and the done tick still work for the visit.
func TestWorkshopBlockedStorage(t *testing.T) {
	p := openBlockedStorage(t, "/?exercise=gpu-job")
	p.waitText(".js-exercise-status", "1 of 4 goals met")
	p.click(".js-exercise-hint")
	if n := p.count(".js-exercise-hints li"); n != 1 {
		t.Errorf("%d hints shown after one click; want 1", n)
	}
	p.clickButton("Show solution")
	p.waitText(".js-exercise-status", "Done: every goal is met")
	p.waitText(".workshop-item--done", "A GPU job without a blanket toleration")
	p.finish("")
}

// TestWorkshopShareLink shares a student's attempt from inside an exercise:
// the link names the exercise, and a fresh browser opens that exercise with
// the shared text in the editors instead of the starting text, its goals
// checked on it.
func TestWorkshopShareLink(t *testing.T) {
	p := open(t, "/?exercise=first-toleration")
	p.waitText(".js-exercise-title", "Your first toleration")
	p.typeAtEnd("pods", "# my attempt\n")
	p.clickButton("Share link")
	link := browsertest.Run(p.Page, chromedp.Poll[string](`document.querySelector('.js-share-output').value`))
	if want := p.site.URL + "/?exercise=first-toleration#s="; !strings.HasPrefix(link, want) {
		t.Fatalf("share link %q does not start with %s", link, want)
	}
	attempt := p.value("pods")
	p.finish("")

	q := p.reopen(link)
	q.waitText(".js-exercise-title", "Your first toleration")
	if got := q.value("pods"); got != attempt {
		t.Errorf("the shared attempt opens with Pods %q; want %q", got, attempt)
	}
	if diff := cmp.Diff([]string{"false", "false", "false", "true"}, q.waitGoals()); diff != "" {
		t.Errorf("goals of the shared attempt (-want +got):\n%s", diff)
	}
	q.finish("")
}

// cardState is what a verdict card a goal names shows: its goal marks, and
// whether it is coloured as a failure (its edge or its verdict in the page's
// red).
type cardState struct {
	Goal    string   `json:"goal"`
	Marks   []string `json:"marks"`
	Verdict string   `json:"verdict"`
	Red     bool     `json:"red"`
}

// cardOf reads the card of pod on node, once the results show it.
func (p *playground) cardOf(pod, node string) cardState {
	p.t.Helper()
	raw := browsertest.Run(p.Page, chromedp.Poll[string](fmt.Sprintf(`(() => {
		const card = [...document.querySelectorAll('.js-results .card')].find((c) => c.querySelector('.card-title').textContent === %q);
		if (!card) return '';
		const probe = document.createElement('span');
		probe.style.color = 'var(--bad)';
		card.append(probe);
		const red = getComputedStyle(probe).color;
		probe.remove();
		const verdicts = [...card.querySelectorAll('.verdict')].map((v) => getComputedStyle(v).color);
		return JSON.stringify({
			goal: card.dataset.goal || '',
			marks: [...card.querySelectorAll('.card-goal')].map((li) => li.textContent),
			verdict: card.querySelector('.js-verdict').textContent,
			red: getComputedStyle(card).borderLeftColor === red || verdicts.includes(red),
		});
	})()`, pod+" on "+node)))
	var state cardState
	if err := json.Unmarshal([]byte(raw), &state); err != nil {
		p.t.Fatal(err)
	}
	return state
}

// nextIsPrimary reports whether "Next exercise" is the primary button.
func (p *playground) nextIsPrimary() bool {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.querySelector('.js-exercise-next').classList.contains('button--active')`))
}

// shown reports whether the element the selector finds is laid out.
func (p *playground) shown(selector string) bool {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[bool](fmt.Sprintf(`(() => { const el = document.querySelector(%q); return Boolean(el && el.getClientRects().length > 0); })()`, selector)))
}

// TestWorkshopGoalsOnCards opens the first exercise on a phone, in light and
// dark: fewer than half its goals are met, and "Next exercise" is not the
// primary button; the panels the exercise does not use are out of the way.
// web's card, which a goal names, says the goal is not met yet. Once the
// solution is in, the goal "web may not be scheduled on node-1" is met and
// web's card says so and is not red, though web cannot schedule there; "Next
// exercise" is then primary. An exercise about evictions shows the clock.
func TestWorkshopGoalsOnCards(t *testing.T) {
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p := openWithScheme(t, scheme)
			p.Do(chromedp.EmulateViewport(390, 844))
			p.Navigate(p.site.URL + "/?exercise=first-toleration")
			p.waitFirstVerdict()
			goals := p.waitGoals()
			met := 0
			for _, state := range goals {
				if state == "true" {
					met++
				}
			}
			if 2*met >= len(goals) {
				t.Errorf("the first exercise starts with %d of %d goals met; want fewer than half", met, len(goals))
			}
			if p.nextIsPrimary() {
				t.Error("Next exercise is the primary button of an unsolved exercise")
			}
			for _, selector := range []string{".js-whatif", ".js-settings", ".js-countdown"} {
				if p.shown(selector) {
					t.Errorf("%s shows beside an exercise that does not use it", selector)
				}
			}
			if web := p.cardOf("web", "node-1"); web.Goal != "unmet" || len(web.Marks) != 1 || !strings.HasPrefix(web.Marks[0], "✗ Goal not met yet: web may not be scheduled on node-1") {
				t.Errorf("at the start web's card shows %+v; want the goal about it not met", web)
			}
			p.Screenshot("workshop-cards-start-" + scheme)

			p.clickButton("Show solution")
			p.waitText(".js-exercise-status", "Done: every goal is met")
			web := p.cardOf("web", "node-1")
			if web.Goal != "met" || len(web.Marks) != 1 || !strings.HasPrefix(web.Marks[0], "✓ Goal met: web may not be scheduled on node-1") {
				t.Errorf("once solved web's card shows %+v; want the goal about it met", web)
			}
			if web.Red {
				t.Error("web's card, a wanted outcome that is met, is coloured as a failure")
			}
			if !strings.Contains(web.Verdict, "Cannot schedule") {
				t.Errorf("web's card gives the verdict %q; want it to say web cannot schedule there", web.Verdict)
			}
			if !p.nextIsPrimary() {
				t.Error("Next exercise is not the primary button of a solved exercise")
			}
			p.waitFor(`document.documentElement.scrollWidth <= document.documentElement.clientWidth`)
			p.Do(chromedp.ScrollIntoView(chromedp.CSS(`.js-results .card:last-child`)))
			p.Screenshot("workshop-cards-solved-" + scheme)

			p.click(`.workshop-link[data-slug="survive-a-partition"]`)
			p.waitText(".js-exercise-title", "Ride out a network partition")
			p.waitGoals()
			if !p.shown(".js-countdown") || p.shown(".js-settings") || p.shown(".js-whatif") {
				t.Errorf("beside an exercise about evictions: countdown shown %v, settings %v, what-if %v; want the countdown only",
					p.shown(".js-countdown"), p.shown(".js-settings"), p.shown(".js-whatif"))
			}
			p.clickButton("Leave the workshop")
			p.waitFor(`document.querySelector('.js-workshop').hidden`)
			for _, selector := range []string{".js-whatif", ".js-settings", ".js-countdown"} {
				if !p.shown(selector) {
					t.Errorf("%s stays hidden after leaving the workshop", selector)
				}
			}
			p.finish("")
		})
	}
}

// cellGoal is what a matrix cell a goal names shows: its goal mark, its
// label, and whether it is coloured as a failure (its symbol in the page's red).
type cellGoal struct {
	Goal  string `json:"goal"`
	Title string `json:"title"`
	Red   bool   `json:"red"`
}

// cellOf reads the matrix cell of pod on node.
func (p *playground) cellOf(pod, node string) cellGoal {
	p.t.Helper()
	raw := browsertest.Run(p.Page, chromedp.Poll[string](fmt.Sprintf(`(() => {
		const cell = [...document.querySelectorAll('.matrix-cell')].find((td) => td.dataset.pod === %q && td.dataset.node === %q);
		if (!cell) return '';
		const probe = document.createElement('span');
		probe.style.color = 'var(--bad)';
		cell.append(probe);
		const red = getComputedStyle(probe).color;
		probe.remove();
		return JSON.stringify({ goal: cell.dataset.goal || '', title: cell.title, red: getComputedStyle(cell).color === red });
	})()`, pod, node)))
	var state cellGoal
	if err := json.Unmarshal([]byte(raw), &state); err != nil {
		p.t.Fatal(err)
	}
	return state
}

// TestWorkshopGoalOnAnOpenedCell opens an exercise with more pairs than
// cards, shown as a matrix: the cell a goal names ("api may not be
// scheduled on edge-1") is marked unmet, then, once solved, met and not red
// though api cannot schedule there; the card a person opens from it says
// the goal is met, and is not red.
func TestWorkshopGoalOnAnOpenedCell(t *testing.T) {
	p := open(t, "/?exercise=write-the-taint")
	p.waitGoals()
	if api := p.cellOf("api", "edge-1"); api.Goal != "unmet" || api.Title != "Workshop goal not met yet" {
		t.Errorf("at the start the matrix cell of api on edge-1 shows %+v; want the goal not met yet", api)
	}
	p.clickButton("Show solution")
	p.waitText(".js-exercise-status", "Done: every goal is met")
	p.waitFor(`document.querySelector('.matrix-cell[data-goal="met"]')`)
	if api := p.cellOf("api", "edge-1"); api.Goal != "met" || api.Red || api.Title != "Workshop goal met" {
		t.Errorf("once solved the matrix cell of api on edge-1 shows %+v; want the goal met, not red", api)
	}
	p.Screenshot("workshop-matrix-solved")
	// api (the fourth pod) on edge-1 (the first of two nodes).
	p.click(".matrix-cell[data-cell='6']")
	api := p.cardOf("api", "edge-1")
	if api.Goal != "met" || len(api.Marks) != 1 || !strings.HasPrefix(api.Marks[0], "✓ Goal met: api may not be scheduled on edge-1") || api.Red {
		t.Errorf("the opened card of api on edge-1 shows %+v; want the goal met, not red", api)
	}
	if symbol := p.text(".matrix-cell[data-cell='6']"); symbol != "✕" {
		t.Errorf("the cell of api on edge-1 shows %q; want the verdict's own symbol, ✕", symbol)
	}
	p.finish("workshop-opened-cell")
}
