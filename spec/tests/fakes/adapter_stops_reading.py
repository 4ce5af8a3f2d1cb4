"""Fault 2: stops reading in the middle of a long request (more than the pipe holds)."""
import sys
import common
common.serve_adapter(lambda request: None, on_long=common.sleep_forever)
