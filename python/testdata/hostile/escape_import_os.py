import os
# raises: ModuleNotFoundError
