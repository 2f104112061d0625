package e2e

import (
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

// TestWorkshopSolveByTyping opens the first exercise by its link: the goal
// about checkout is not met and says why. Typing the toleration into the Pods
// editor, key by key, turns every goal met and ticks the exercise done; after
// a reload the text, the goals and the tick are still there.
func TestWorkshopSolveByTyping(t *testing.T) {
	p := open(t, "/?exercise=first-toleration")
	p.waitText(".js-exercise-title", "Your first toleration")
	if diff := cmp.Diff([]string{"false", "true", "true", "true"}, p.waitGoals()); diff != "" {
		t.Errorf("goals at the start (-want +got):\n%s", diff)
	}
	if why := p.text(".js-exercise-goals .goal .js-goal-why"); !strings.Contains(why, "no toleration tolerates the taint team=payments:NoSchedule") {
		t.Errorf("the first goal says %q; want the untolerated taint named", why)
	}
	if n := p.count(".workshop-item--done"); n != 0 {
		t.Errorf("%d exercises are ticked done before any work", n)
	}

	// Put the caret at the end of checkout's "spec:" line (line 5) and type.
	p.keys("pods", kb.Home, chromedp.ModifierCtrl)
	for range 4 {
		p.keys("pods", kb.ArrowDown)
	}
	p.keys("pods", kb.End)
	p.Do(chromedp.SendKeys(chromedp.CSS(editorSelector("pods")),
		"\n  tolerations:\n  - key: team\n    operator: Equal\n    value: payments\n    effect: NoSchedule"))
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

// TestWorkshopHintsAndSolution reveals the hints one at a time, shows the
// solution (every goal met), goes back to the student's own text with the
// button and with the browser's Back, and finds the revealed hints still
// there after a reload.
func TestWorkshopHintsAndSolution(t *testing.T) {
	p := open(t, "/?exercise=exists-many-values")
	p.waitText(".js-exercise-status", "6 of 7 goals met")
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
	p.waitText(".js-exercise-status", "6 of 7 goals met")
	// The browser's Back undoes the solution too.
	p.clickButton("Show solution")
	p.waitText(".js-exercise-status", "Done: every goal is met")
	p.Do(chromedp.NavigateBack())
	p.waitFor(`document.querySelector('#pods-input').value.includes('# my attempt')`)
	if got := p.value("pods"); got != mine {
		t.Errorf("Back after the solution gives %q; want %q", got, mine)
	}
	p.waitText(".js-exercise-status", "6 of 7 goals met")

	p.Navigate(p.site.URL + "/?exercise=exists-many-values")
	p.waitFirstVerdict()
	p.waitText(".js-exercise-status", "6 of 7 goals met")
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
	if diff := cmp.Diff([]string{"false", "true", "true", "true"}, p.waitGoals()); diff != "" {
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
	p.waitText(".js-exercise-status", "3 of 4 goals met")
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
	if diff := cmp.Diff([]string{"false", "true", "true", "true"}, q.waitGoals()); diff != "" {
		t.Errorf("goals of the shared attempt (-want +got):\n%s", diff)
	}
	q.finish("")
}
