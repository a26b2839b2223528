n = int(input())
print(n * 2)
