"""The site's templates as compiled are kept between processes (pipeline/publish/web/render.py,
``CompiledTemplates``): the next environment renders from what was kept, and a folder that
cannot keep it costs nothing but the compiling."""

from __future__ import annotations

from pathlib import Path

from jinja2 import DictLoader, Environment

from pipeline.publish.web.render import CompiledTemplates, environment

TEMPLATES = {"page.html": "<p>{{ who }} {{ score | number }}</p>"}


def _environment(cache: CompiledTemplates) -> Environment:
    built = Environment(loader=DictLoader(TEMPLATES), autoescape=True, bytecode_cache=cache)
    built.filters.update(environment().filters)
    return built


def test_a_template_compiled_once_is_rendered_from_what_was_kept(tmp_path: Path) -> None:
    first = _environment(CompiledTemplates(str(tmp_path)))
    assert first.get_template("page.html").render(who="<b>", score=3) == "<p>&lt;b&gt; 3.0</p>"
    kept = list(tmp_path.iterdir())
    assert len(kept) == 1 and kept[0].name.endswith(".cache")
    second = _environment(CompiledTemplates(str(tmp_path)))
    bucket = second.bytecode_cache.get_bucket(second, "page.html", None, TEMPLATES["page.html"])  # type: ignore[union-attr]
    assert bucket.code is not None  # found, not compiled again
    assert second.get_template("page.html").render(who="<b>", score=3) == "<p>&lt;b&gt; 3.0</p>"
    # Another text under the same name is compiled anew, never taken for the kept one.
    changed = {"page.html": "<i>{{ who }}</i>"}
    bucket = second.bytecode_cache.get_bucket(second, "page.html", None, changed["page.html"])  # type: ignore[union-attr]
    assert bucket.code is None


def test_a_folder_that_cannot_keep_them_only_costs_the_compiling(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    page = _environment(CompiledTemplates(str(not_a_folder))).get_template("page.html")
    assert page.render(who="N", score=1) == "<p>N 1.0</p>"
