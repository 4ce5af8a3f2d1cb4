"""Fault 5: exits (status 3) on the trigger, while its grandchild still holds its standard output."""
import sys
import common
common.serve_adapter(lambda request: sys.exit(3))
