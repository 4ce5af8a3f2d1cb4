"""Fault 4: prints its divide twice in the trigger position."""
import sys
import common


def twice():
    common.divide(common.TRIGGER_DIVIDE)
    common.divide(common.TRIGGER_DIVIDE)


common.serve_uci(twice)
