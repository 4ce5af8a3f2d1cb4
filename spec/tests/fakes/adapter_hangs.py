"""Fault 5: never answers the trigger (a TIMEOUT that must name the request)."""
import sys
import common
common.serve_adapter(lambda request: common.sleep_forever())
