# toolplane's container image: one static binary on an empty base, no shell,
# an unprivileged user. deploy/image.go builds the same image without a
# daemon (go run ./deploy/mkimage), and deploy's tests compare the two.
#
#   docker build -t toolplane .
#   docker run -p 8080:8080 -v $PWD/toolplane.toml:/etc/toolplane/toolplane.toml:ro toolplane

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/toolplane ./cmd/toolplane \
 && mkdir -p /out/home/toolplane /out/tmp /out/etc/toolplane \
 && chmod 0700 /out/home/toolplane && chmod 1777 /out/tmp \
 && printf 'root:x:0:0:root:/root:/sbin/nologin\ntoolplane:x:65532:65532:toolplane:/home/toolplane:/sbin/nologin\n' > /out/etc/passwd \
 && printf 'root:x:0:\ntoolplane:x:65532:\n' > /out/etc/group

FROM scratch
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /out/etc/passwd /out/etc/group /etc/
COPY --from=build /out/etc/toolplane /etc/toolplane
COPY --from=build --chown=65532:65532 /out/home/toolplane /home/toolplane
COPY --from=build /out/tmp /tmp
COPY --from=build /out/toolplane /usr/local/bin/toolplane
ENV HOME=/home/toolplane TMPDIR=/tmp
WORKDIR /home/toolplane
USER 65532:65532
EXPOSE 8080
ENTRYPOINT ["/usr/local/bin/toolplane"]
CMD ["serve", "mcp", "--transport", "http", "--addr", "0.0.0.0:8080", "--config", "/etc/toolplane/toolplane.toml"]
