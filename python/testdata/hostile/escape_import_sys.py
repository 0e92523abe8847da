import sys
sys.modules
# raises: AttributeError
