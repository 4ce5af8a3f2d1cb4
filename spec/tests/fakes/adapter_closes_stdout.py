"""Fault 2: closes its standard output on the trigger and stays alive."""
import os
import sys
import common


def fault(request):
    os.close(1)
    common.sleep_forever()


common.serve_adapter(fault, hold_stdout=False)
