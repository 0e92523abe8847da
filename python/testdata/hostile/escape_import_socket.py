import socket
# raises: ModuleNotFoundError: No module named 'socket'
