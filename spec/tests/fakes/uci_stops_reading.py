"""Fault 2: a UCI engine that stops reading in the middle of a long `position` command."""
import sys
import common
common.serve_uci(lambda: None, on_long=common.sleep_forever)
