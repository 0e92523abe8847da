try: pass
finally:
 try: pass
 finally:
  try: pass
  finally:
   try: pass
   finally:
    try: pass
    finally:
     try: pass
     finally:
      try: pass
      finally:
       try: pass
       finally:
        try: pass
        finally:
         try: pass
         finally:
          try: pass
          finally:
           try: pass
           finally:
            try: pass
            finally:
             try: pass
             finally:
              try: pass
              finally:
               try: pass
               finally:
                try: pass
                finally:
                 try: pass
                 finally:
                  try: pass
                  finally:
                   x = 1

# raises: SyntaxError
