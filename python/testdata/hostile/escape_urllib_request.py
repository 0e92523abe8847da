import urllib.request
# raises: ModuleNotFoundError
