# Each target sets up what it needs: a fresh machine with Python 3 and make is enough.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed-stamp
PORT   ?= 8888
ROOT_FLAG := $(shell [ "$$(id -u)" = "0" ] && echo --allow-root)

.PHONY: play app classroom test bench board board-preview clean lite lite-serve lite-test catalogs

$(STAMP): pyproject.toml scripts/jupyterlab-overrides.json
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[notebook,geo,test]'
	# A classroom may be offline: JupyterLab should not ask to fetch news or updates.
	mkdir -p $(VENV)/share/jupyter/lab/settings
	cp scripts/jupyterlab-overrides.json $(VENV)/share/jupyter/lab/settings/overrides.json
	touch $(STAMP)

## play: open the game notebook in JupyterLab (prints the URL, which opens that notebook; no browser needed)
PLAY_NOTEBOOK ?= 01_play.ipynb
play: $(STAMP)
	cd notebooks && ../$(VENV)/bin/jupyter lab --no-browser $(ROOT_FLAG) --ServerApp.ip=127.0.0.1 \
		--ServerApp.port=$(PORT) --LabApp.default_url=/lab/tree/$(PLAY_NOTEBOOK)


## app: serve a notebook with Voila as a classroom app (no code visible; APP_NOTEBOOK=03_history_classroom.ipynb)
# share/jupyter holds the page template (no request leaves the machine, the kernel is shut down
# when the page is left or reloaded) and the server's settings (idle kernels of closed pages culled).
APP_NOTEBOOK ?= 01_play.ipynb
VOILA_ENV := JUPYTER_PATH=$(CURDIR)/share/jupyter JUPYTER_CONFIG_PATH=$(CURDIR)/share/jupyter/config
app: $(STAMP)
	$(VOILA_ENV) $(VENV)/bin/voila notebooks/$(APP_NOTEBOOK) --no-browser --port=$(PORT) --Voila.ip=127.0.0.1

## classroom: host a class at one game (prints the teacher's address; CLASS_STORE=classroom.sqlite keeps the class)
CLASS_STORE ?= classroom.sqlite
CLASS_PORT ?= 8866
classroom: $(STAMP)
	$(VENV)/bin/hotw classroom --store $(CLASS_STORE) --port $(CLASS_PORT)

## test: unit tests, notebooks (nbval) and browser tests
NOTEBOOKS := $(wildcard notebooks/*.ipynb)
test: $(STAMP)
	$(PY) -m pytest tests $(if $(NOTEBOOKS),--nbval-lax --nbval-current-env --nbval-cell-timeout=300 $(NOTEBOOKS))

## lite: build dist/lite/, the game and lessons 01-03 as a static page with Python in the browser (JupyterLite,
## Pyodide); every file it loads is in that folder. Needs npm (the Pyodide runtime is its npm package).
LITE_VENV  := build/lite-venv
LITE_STAMP := $(LITE_VENV)/.installed-stamp
LITE_PORT  ?= 8000
$(LITE_STAMP): lite/requirements-build.txt
	test -x $(LITE_VENV)/bin/python || $(PYTHON) -m venv $(LITE_VENV)
	$(LITE_VENV)/bin/pip install --quiet -r lite/requirements-build.txt
	touch $(LITE_STAMP)

lite: $(LITE_STAMP)
	$(LITE_VENV)/bin/python lite/build.py --out dist/lite

## lite-serve: serve dist/lite on http://127.0.0.1:$(LITE_PORT)/ (builds it first if missing)
lite-serve:
	test -f dist/lite/index.html || $(MAKE) lite
	$(PYTHON) lite/serve.py dist/lite --port $(LITE_PORT)

## lite-test: build the page and run its browser test (every request off the machine blocked)
lite-test: lite $(STAMP)
	HOTW_REQUIRE_LITE=1 $(PY) -m pytest tests/browser/test_lite.py -q -s

## catalogs: extract every message into the Japanese and Spanish .po files, then compile them (the .mo ship
## in the package); new messages arrive untranslated, and tests/test_catalogs.py fails until they are written
catalogs: $(STAMP)
	$(PY) scripts/catalogs.py update
	$(PY) scripts/catalogs.py compile

## bench: performance figures (not tests)
bench: $(STAMP)
	$(PY) scripts/bench.py $(BENCH)
	# a class: 8 tables of 4 seats; the store alone at full speed, then every seat's page redrawn at a class's pace
	$(PY) scripts/bench_classroom.py --seconds 30
	$(PY) scripts/bench_classroom.py --seconds 30 --pages --think 1

## board: rebuild geodata/*.geojson from Natural Earth (only when the board changes)
board: $(STAMP)
	$(PY) scripts/build_board.py

## board-preview: render docs/board.png from geodata/world.geojson
board-preview: $(STAMP)
	$(PY) scripts/board_preview.py

clean:
	rm -rf $(VENV) .pytest_cache
