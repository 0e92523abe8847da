import sys
sys.exit(3)
# raises: SystemExit
