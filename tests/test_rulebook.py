"""``truco rulebook``: the regulation clause by clause beside the rules that play it
(truco_dsl/review/rulebook.py), on the real rule sets: the three regulations, the bundled variants
and the drafters' variants with house rules (tests/fixtures/variants). The pages are read twice: by
an HTML parser (what the file holds) and in headless Chromium (what a person sees, and prints)."""

from __future__ import annotations

import base64
import re
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest

from truco_dsl.cli import main
from truco_dsl.conformance.coverage import coverage
from truco_dsl.conformance.where import where
from truco_dsl.review.rulebook import (ADDED, AMBIGUOUS, DROPPED, ENCODED, HOUSE, INFORMATIVE, NOT_ENCODED, OVERRIDDEN, STATUSES,
                                       as_html, as_markdown, rulebook)
from truco_dsl.rules import load_sources

FIXTURES = Path(__file__).parent / "fixtures" / "variants"
CASA_DO_ZE = FIXTURES / "casa-do-ze.yaml"
JOGO_DE_24 = FIXTURES / "jogo-de-24" / "jogo-de-24.yaml"
CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")


@pytest.fixture(scope="module")
def books():
    """The rulebooks the tests read, each made once."""
    return {reference: rulebook(reference) for reference in
            ("atb-2004", "fpt-1983", "enecomp", "manilha-velha", "melhor-de-cinco", str(CASA_DO_ZE), str(JOGO_DE_24))}


def entry(book, clause_id):
    return next(each for each in (*book.entries, *book.house) if each.clause.id == clause_id)


class _Page(HTMLParser):
    """What an HTML page holds: its scripts, links and sources, the ids of its clause articles in
    order, and its style sheet."""

    def __init__(self, text: str):
        super().__init__()
        self.scripts, self.links, self.sources, self.clauses, self.style = 0, [], [], [], ""
        self._in_style = False
        self.feed(text)

    def handle_starttag(self, tag, attributes):
        attributes = dict(attributes)
        self.scripts += tag == "script"
        self.links += [attributes["href"]] if "href" in attributes else []
        self.sources += [attributes["src"]] if "src" in attributes else []
        if tag == "article" and attributes.get("id", "").startswith("clause-"):
            self.clauses.append(attributes["id"].removeprefix("clause-"))
        self._in_style = tag == "style"

    def handle_endtag(self, tag):
        self._in_style = False

    def handle_data(self, data):
        if self._in_style:
            self.style += data


# ------------------------------------------------------------------------------------------ the clauses
@pytest.mark.parametrize("reference, regulation", [("atb-2004", "atb-2004"), ("fpt-1983", "fpt-1983"), ("enecomp", "enecomp"),
                                                   ("manilha-velha", "atb-2004"), (str(JOGO_DE_24), "atb-2004")])
def test_every_clause_of_the_regulation_appears_once_in_the_sources_order(books, reference, regulation):
    book = books[reference]
    ids = [clause_id for clause_id, clause in load_sources().items() if clause.source == regulation]
    assert book.regulation == regulation and [each.clause.id for each in book.entries] == ids
    house = [each.clause.id for each in book.house]
    assert _Page(as_html(book)).clauses == ids + house  # each an article, once, in order, the house rules after
    headings = re.findall(r"^### (\S+) — ", as_markdown(book), flags=re.MULTILINE)
    assert headings == ids + house


@pytest.mark.parametrize("reference", ["atb-2004", "fpt-1983", "enecomp"])
def test_the_counts_add_up_and_agree_with_truco_coverage(books, reference):
    book = books[reference]
    counts = dict(book.counts)
    assert sum(counts.values()) == len(book.entries) and not book.house and book.baseline is None
    traced = next(report for report in coverage(reference) if report.regulation == reference)
    by_status = {status: {each.clause.id for each in book.entries if each.status == status} for status in STATUSES}
    assert by_status[ENCODED] | by_status[AMBIGUOUS] == set(traced.encoded)
    assert by_status[AMBIGUOUS] == set(traced.ambiguous) & set(traced.encoded)
    assert by_status[INFORMATIVE] == set(traced.informative) - set(traced.encoded)
    assert by_status[NOT_ENCODED] == set(traced.unclassified)
    summary = re.search(r"## Summary\n\n(.*?)\n\n", as_markdown(book), flags=re.DOTALL).group(1)
    rows = dict(re.findall(r"^\| \*\*([A-Z ]+)\*\* \| (\d+) \|", summary, flags=re.MULTILINE))
    assert {label: int(count) for label, count in rows.items()} == {STATUSES[status][0].upper(): count for status, count in counts.items()}
    assert f"| all | {len(book.entries)} |" in summary


def test_an_informative_clause_says_why_and_an_ambiguous_one_the_reading_taken(books):
    book = books["atb-2004"]
    preamble = entry(book, "ATB-PREAMBULO-1")
    assert preamble.status == INFORMATIVE and preamble.why.startswith("the history of the regulation") and not preamble.encodings
    tie = entry(book, "ATB-EMPATE-3")
    assert tie.status == AMBIGUOUS and tie.why == load_sources()["ATB-EMPATE-3"].ambiguous
    assert [(each.name, each.kind) for each in tie.encodings] == [("ATB-EMPATE-3", "clause"), ("ATB-EMPATE-3.second", "clause")]
    assert tie.encodings[1].rule[:2] == ("at after_trick", "when (trick.number == 2 and trick.tied and not tricks[1].tied and "
                                        "(hand.raised_by == none or hand.mao_de_onze)) and tricks[1].winner != none") and tie.encodings[1].note.startswith("The core's common rule")


def test_atb_2004_leaves_the_variants_clauses_to_them_and_names_who_plays_them(books):
    old = entry(books["atb-2004"], "ATB-MANILHA-VELHA-1")
    assert old.status == NOT_ENCODED and "manilha-velha" in old.elsewhere and not old.encodings
    assert "No rule of atb-2004 encodes it. Encoded by " in as_markdown(books["atb-2004"])


def test_where_another_regulation_rules_otherwise_it_is_said_beside_the_clause(books):
    tie = entry(books["enecomp"], "ENE-PONTUACAO-7")  # two ATB clauses rule its point otherwise
    assert [note.split()[0] for note in tie.clause.disagrees] == ["ATB-EMPATE-1a", "ATB-MAO-DE-ONZE-5"]
    marks = sum(len(clause.disagrees) for clause in load_sources().values() if clause.source == "enecomp")
    assert marks == Path("spec/sources/enecomp.md").read_text(encoding="utf-8").count("\n- disagrees: ")
    assert as_html(books["enecomp"]).count('<p class="disagrees">') == marks
    markdown = as_markdown(books["enecomp"])
    assert markdown.count("**Another regulation rules it otherwise:**") == marks
    assert '**Another regulation rules it otherwise:** `ATB-TOMBO-1` — ATB deals in sequence "no sentido anti-horário"' in markdown
    assert "The same point in another regulation: `ATB-CARTEADA-2`, `ATB-TOMBO-a`" in markdown


# ------------------------------------------------------------------------------------------ variants
def test_manilha_velha_overrides_the_manilha_nova_and_adds_the_old_manilhas(books):
    book = books["manilha-velha"]
    assert book.baseline.id == "atb-2004" and book.parent == "atb-2004"
    new_manilha = entry(book, "ATB-MANILHAS-1")
    assert new_manilha.status == OVERRIDDEN and not new_manilha.encodings
    assert [(each.name, each.place) for each in new_manilha.gone] == [("deck.manilha", "spec/rulesets/paulista.yaml:32")]
    assert "manilha-velha's deck.manilha (spec/rulesets/variants/manilha-velha.yaml:12) cites other clauses" in new_manilha.gone[0].change
    example = entry(book, "ATB-MANILHAS-6")  # traced by ATB-MANILHAS-1, which the variant no longer cites
    assert example.status == OVERRIDDEN and example.gone[0].kind == "trace"
    old = entry(book, "ATB-MANILHA-VELHA-1")
    assert old.status == ADDED and old.encodings[0].change == "new in manilha-velha"
    assert "cards: [7d, As, 7h, 4c]" in old.encodings[0].rule and "rule: fixed" in old.encodings[0].rule
    assert {each.clause.id for each in book.changed} == {
        "ATB-TOMBO-1", "ATB-NORMAS-4", "ATB-MANILHAS-1", "ATB-MANILHAS-2", "ATB-MANILHAS-3", "ATB-MANILHAS-4", "ATB-MANILHAS-6",
        "ATB-MANILHA-NOVA-1", "ATB-MANILHA-VELHA-1", "ATB-MANILHA-VELHA-2"}
    kept = entry(book, "ATB-EMPATE-3")  # inherited as it is: what atb-2004 says of it
    assert kept.status == AMBIGUOUS and all(each.change is None for each in kept.encodings) and not kept.gone


def test_melhor_de_cinco_drops_the_best_of_threes_decider_and_plays_its_own_time_limit(books):
    book = books["melhor-de-cinco"]
    assert book.baseline.id == "atb-2004" and book.parent == "melhor-de-tres"
    time_limit = entry(book, "ATB-TEMPO-e")
    assert time_limit.status == OVERRIDDEN
    assert {each.name: each.change for each in time_limit.encodings} == {
        "ATB-TEMPO-e.best-of-five": "new in melhor-de-cinco", "match": "new in melhor-de-cinco"}
    drop_line = next(number for number, line in enumerate(Path("spec/rulesets/variants/melhor-de-cinco.yaml").read_text().splitlines(), 1)
                     if line.startswith("drop:"))
    assert {each.name: each.change for each in time_limit.gone} == {
        name: f"dropped by melhor-de-cinco at spec/rulesets/variants/melhor-de-cinco.yaml:{drop_line}"
        for name in ("ATB-TEMPO-e", "ATB-TEMPO-e.sem-truco", "ATB-TEMPO-e.once")}
    assert [each.clause.id for each in book.changed] == ["ATB-TEMPO-e"]


def test_a_dropped_clause_and_the_house_rules_of_a_drafters_variant_are_marked(books):
    book = books[str(CASA_DO_ZE)]
    dropped = entry(book, "ATB-MAO-DE-ONZE-3")
    assert dropped.status == DROPPED and not dropped.encodings
    assert dropped.gone[0].change.startswith("dropped by casa-do-ze at tests/fixtures/variants/casa-do-ze.yaml:5")
    joined = entry(book, "ATB-MAO-DE-11-2")  # the house's clause names it under also:
    assert joined.status == OVERRIDDEN and [each.change for each in joined.encodings if each.change] == ["new in casa-do-ze"]
    assert [(each.clause.id, each.status) for each in book.house] == [("CASA-ZE-1", HOUSE), ("CASA-ZE-2", HOUSE)]
    penalty, again = book.house
    assert penalty.encodings[0].name == "CASA-ZE-1" and penalty.encodings[0].note.startswith("The house's penalty replaces ATB's")
    assert again.why == "says again what ATB-MAO-DE-11-2 says" and not again.encodings
    assert dict(book.counts)[HOUSE] == 2 and sum(dict(book.counts).values()) == len(book.entries) + 2


def test_a_variant_of_a_variant_is_compared_with_the_regulations_rule_set(books):
    book = books[str(JOGO_DE_24)]
    assert book.baseline.id == "atb-2004" and book.ruleset.lineage == ("jogo-de-24", "manilha-velha", "atb-2004", "paulista")
    assert entry(book, "ATB-MAO-DE-11-3").status == DROPPED
    assert entry(book, "ATB-MANILHA-VELHA-1").encodings[0].change == "new in manilha-velha"  # the change is its maker's
    assert [each.clause.id for each in book.house] == ["JOGO24-1", "JOGO24-2", "JOGO24-3"]
    ladder = entry(book, "JOGO24-1")
    assert {each.name for each in ladder.encodings} == {"game", "stakes"} and ("ladder: [1, 2, 4, 8]",) in [each.rule for each in ladder.encodings]
    assert ladder.example.place.endswith("jogo-de-24.feature:21") and ladder.example.ruleset == "jogo-de-24"


@pytest.mark.parametrize("reference", ["atb-2004", "melhor-de-cinco", str(CASA_DO_ZE)])
def test_the_rule_beside_each_clause_is_the_one_truco_where_names(books, reference):
    book = books[reference]
    ruleset = book.ruleset.id
    for each in (*book.entries, *book.house):
        sightings = where(each.clause.id, reference)
        played = {(sighting.text.split(",")[0], sighting.place) for sighting in sightings
                  if sighting.role == "encoded" and ruleset in sighting.text.split(", in ", 1)[1].split(", ")}
        assert {(encoding.name, encoding.place) for encoding in each.encodings if encoding.kind == "clause"} == played, each.clause.id
        cited = {sighting.place for sighting in sightings if sighting.role == "cited"}
        assert {encoding.place for encoding in each.encodings if encoding.kind == "parameters"} <= cited, each.clause.id


def test_the_scenario_shown_is_the_smallest_tagged_with_the_clause_as_its_steps(books):
    tie = entry(books["atb-2004"], "ATB-EMPATE-3").example
    assert (tie.scenario, tie.place) == ("empate-003", "features/atb-2004/empate.feature:39")
    assert tie.steps == ('Given a game of "atb-2004" for 2 players', "And the deal: vira 4s", "  | seat | cards    |",
                         "  | 0    | Kd 2c 3d |", "  | 1    | 3c 2h 6d |", "When the seats play: 0:Kd 1:3c 1:2h 0:2c",
                         "Then vaza 2 is tied", "And the hand is over", "And the hand has 2 vazas", "And the score is 0 to 1")
    # a variant's clause is shown by a scenario that plays the variant itself, where there is one
    assert entry(books["manilha-velha"], "ATB-MANILHA-VELHA-1").example.ruleset == "manilha-velha"
    assert entry(books["atb-2004"], "ATB-PREAMBULO-1").example is None


# ------------------------------------------------------------------------------------------ the files
def test_the_html_is_self_contained_prints_and_escapes_what_it_shows(tmp_path):
    house = tmp_path / "casa.md"
    house.write_text("# Casa\n\n## Regras\n\n### CASA-1\n> Quem <script>alert(1)</script> trucar & perder *paga*\n"
                     "- location: item 1\n- informative: <b>nothing</b> an engine sees\n", encoding="utf-8")
    variant = tmp_path / "casa.yaml"
    variant.write_text("ruleset: casa\ntitle: a <i>house</i>\nextends: atb-2004\nsources: casa.md\n", encoding="utf-8")
    book = rulebook(variant)
    html = as_html(book)
    page = _Page(html)
    assert page.scripts == 0 and not page.sources and page.links and all(link.startswith("#") for link in page.links)
    assert "@media print" in page.style and "break-before: page" in page.style and "break-inside: avoid" in page.style
    assert "<script>alert" not in html and "&lt;script&gt;alert(1)&lt;/script&gt; trucar &amp; perder" in html
    assert "<b>nothing</b>" not in html and "<i>house</i>" not in html
    markdown = as_markdown(book)
    assert r"> Quem \<script\>alert(1)\</script\> trucar & perder \*paga\*" in markdown
    assert r"**Informative:** \<b\>nothing\</b\> an engine sees" in markdown


def test_the_markdown_contents_link_to_githubs_anchors(books):
    markdown = as_markdown(books["manilha-velha"])
    assert "- [What manilha-velha changes](#what-manilha-velha-changes) (10)" in markdown
    assert "- [TOMBO NA ÚLTIMA](#tombo-na-última) (4)" in markdown
    assert "(#sistemática-do-jogo-de-truco--baralho-de-truco)" in markdown
    assert "\n## Sistemática do Jogo de Truco — BARALHO DE TRUCO\n" in markdown
    assert "| `ATB-MANILHA-VELHA-1` | **ADDED BY THE VARIANT** | `deck.manilha`: new in manilha-velha |" in markdown


# ------------------------------------------------------------------------------------------ the command
def test_the_command_writes_both_files_and_says_what_it_counted(tmp_path, capsys):
    html, markdown = tmp_path / "r.html", tmp_path / "r.md"
    assert main(["rulebook", "melhor-de-cinco", "--html", str(html), "--markdown", str(markdown)]) == 0
    said = capsys.readouterr().out
    assert said.startswith("rulebook of melhor-de-cinco: 97 clauses of atb-2004 (") and "1 overridden by the variant" in said
    assert html.read_text(encoding="utf-8").startswith("<!DOCTYPE html>") and markdown.read_text(encoding="utf-8").startswith("# Rulebook of melhor-de-cinco")
    assert main(["rulebook", "enecomp"]) == 0  # no file named: the Markdown on standard output
    assert capsys.readouterr().out.startswith("# Rulebook of enecomp\n")


@pytest.mark.parametrize("arguments, said", [
    (["atb-2040"], "truco rulebook: unknown rule set 'atb-2040' (did you mean atb-2004?)"),
    (["{tmp}/nope.yaml"], "truco rulebook: no rule file at {tmp}/nope.yaml"),
    (["atb-2004", "--html", "{tmp}/no/such/folder/r.html"], "truco rulebook: cannot write to {tmp}/no/such/folder/r.html: {tmp}/no does not exist"),
    (["atb-2004", "--html", "{tmp}", "--markdown", "{tmp}/r.md"], "truco rulebook: cannot write to {tmp}: it names a folder"),
    (["atb-2004", "--html", "{tmp}/r", "--markdown", "{tmp}/../{name}/r"], "truco rulebook: --html and --markdown both name {tmp}/r"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, capsys, arguments, said):
    arguments = [argument.format(tmp=tmp_path, name=tmp_path.name) for argument in arguments]
    assert main(["rulebook", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(said.format(tmp=tmp_path)) and captured.err.count("\n") == 1 and not captured.out
    assert not list(tmp_path.iterdir())  # nothing written, not even an empty file


def test_a_rule_file_that_does_not_load_is_bad_input_at_its_place(tmp_path, capsys):
    broken = tmp_path / "broken.yaml"
    broken.write_text("ruleset: broken\ntitle: t\nextends: atb-2004\nclauses:\n  - id: ATB-EMPATE-3\n    cite: Jogada\n"
                      "    on: after_trick\n    when: trick.tid\n    then: end_hand()\n", encoding="utf-8")
    assert main(["rulebook", str(broken), "--html", str(tmp_path / "r.html")]) == 2
    error = capsys.readouterr().err
    assert error.startswith("truco rulebook: bad rule file:\n") and f"{broken}:8:17: unknown field 'tid' of 'trick'" in error
    assert "Traceback" not in error and not (tmp_path / "r.html").exists()


# ------------------------------------------------------------------------------------------ in Chromium
@pytest.fixture(scope="module")
def chromium():
    """A headless Chromium (Debian's, through Selenium), for the module's tests. Skips with the
    reason where it is not installed (a failure in CI: tests/conftest.py, TRUCO_NO_SKIPS)."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.exists()]
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        missing.append("the selenium package")
    if missing:
        pytest.skip(f"headless Chromium is not available here (missing {', '.join(missing)}; .ci/run installs Debian's chromium "
                    f"and chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    with tempfile.TemporaryDirectory(prefix="truco-chromium-") as profile:
        for flag in ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", f"--user-data-dir={profile}", "--window-size=1280,1000"]:
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))
        try:
            yield driver
        finally:
            driver.quit()


def test_a_referee_reading_the_rulebooks_in_chromium_sees_each_clause_its_status_and_its_rule(books, chromium, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.print_page_options import PrintOptions

    def opened(reference: str) -> str:
        page = tmp_path / f"{Path(reference).stem}.html"
        page.write_text(as_html(books[reference]), encoding="utf-8")
        chromium.get(page.as_uri())
        return flat(chromium.find_element(By.TAG_NAME, "body").text)

    def clause(clause_id: str) -> str:
        return flat(chromium.find_element(By.ID, f"clause-{clause_id}").text)

    def flat(text: str) -> str:  # what is read, whatever the lines it is laid out on
        return " ".join(text.split())

    text = opened("atb-2004")
    assert text.startswith("Rulebook of atb-2004 Regulamento Oficial de Truco — ATB, Associação Truco Brasil (2004) ")
    assert "Regulation ATB 2004 — Regulamento Oficial da ATB (Associação Truco Brasil) · spec/sources/atb-2004.md · 97 clauses" in text
    assert re.search(r"INFORMATIVE 33 nothing an engine could observe", text)
    preamble = clause("ATB-PREAMBULO-1")  # the status is words, not a colour only
    assert preamble.startswith("INFORMATIVE ATB-PREAMBULO-1 ") and "Why informative: the history of the regulation" in preamble
    tie = clause("ATB-EMPATE-3")
    assert tie.startswith("AMBIGUOUS ATB-EMPATE-3 ") and "Ambiguous — the reading taken: a first vaza won and a second tied" in tie
    assert "clause ATB-EMPATE-3.second spec/rulesets/atb-2004.yaml:112 at after_trick when (trick.number == 2" in tie  # the encoder beside its clause
    assert "Scenario empate-003: First vaza won and second tied" in tie and "When the seats play: 0:Kd 1:3c 1:2h 0:2c" in tie
    assert not chromium.find_elements(By.TAG_NAME, "script")

    text = opened(str(JOGO_DE_24))
    assert "Compared with atb-2004 (Regulamento Oficial de Truco" in text and "Extends manilha-velha (ATB 2004 — variante manilha velha (manilhas fixas, sem vira)) → atb-2004 (" in text
    assert re.search(r"DROPPED BY THE VARIANT 5 ", text) and re.search(r"HOUSE RULE 3 ", text)
    dropped = clause("ATB-MAO-DE-11-3")
    assert dropped.startswith("DROPPED BY THE VARIANT ATB-MAO-DE-11-3 ") and "No rule of jogo-de-24 encodes it." in dropped
    assert "dropped by jogo-de-24 at tests/fixtures/variants/jogo-de-24/jogo-de-24.yaml:17" in dropped
    assert clause("ATB-MANILHAS-1").startswith("OVERRIDDEN BY THE VARIANT ATB-MANILHAS-1 ")
    house = flat(chromium.find_element(By.ID, "house").text)
    assert house.startswith("House rules of jogo-de-24 ") and "HOUSE RULE JOGO24-2" in house
    assert "clause JOGO24-2.stake tests/fixtures/variants/jogo-de-24/jogo-de-24.yaml:31 at deal when hand.mao_de_onze then set_stake(4)" in house
    assert not chromium.find_elements(By.TAG_NAME, "script")

    # printed: each section on a page of its own, no clause cut, every page laid out
    assert chromium.find_element(By.ID, "section-2").value_of_css_property("break-before") == "auto"  # on the screen
    chromium.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        section = chromium.find_element(By.ID, "section-2")
        assert section.value_of_css_property("break-before") == "page"
        assert chromium.find_element(By.ID, "clause-ATB-MAO-DE-11-3").value_of_css_property("break-inside") == "avoid"
    finally:
        chromium.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    pdf = base64.b64decode(chromium.print_page(PrintOptions()))
    assert pdf.startswith(b"%PDF") and len(re.findall(rb"/Type\s*/Page[^s]", pdf)) > len(books[str(JOGO_DE_24)].sections)
