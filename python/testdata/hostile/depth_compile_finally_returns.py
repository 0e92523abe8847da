def f():
 try:
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
  return 1
 finally:
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1
  x = 1

# raises: SyntaxError
