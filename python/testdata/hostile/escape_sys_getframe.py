import sys
sys._getframe()
# raises: AttributeError
