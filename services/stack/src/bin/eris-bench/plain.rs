//! A plain HTTP/1.1 client for the read set beside `pgbench -S`: one keep-alive connection per
//! worker, each request written from a few prepared bytes and each answer read by its
//! `Content-Length`, with no pool, header map or body stream around it.
//!
//! The load runs on the same two cores as what it measures. At 32 connections of `getLeadById`
//! reqwest took about a quarter of both, where `pgbench`'s own client (C, as lean as this) takes
//! a tenth; this client keeps the ratio about the gateway and PostgreSQL rather than the load.

use std::{io, net::SocketAddr};

use tokio::{
    io::{AsyncReadExt as _, AsyncWriteExt as _},
    net::TcpStream,
};

/// The most an answer's head may take: more is not a gateway's answer to a read.
const HEAD_LIMIT: usize = 16 * 1024;

/// One kept-alive connection to the gateway.
pub struct Connection {
    stream: TcpStream,
    host: String,
    authorization: String,
    request: Vec<u8>,
    answer: Vec<u8>,
}

impl Connection {
    /// Connects to `address`, sending `authorization` with every request.
    pub async fn open(address: SocketAddr, authorization: &str) -> io::Result<Self> {
        let stream = TcpStream::connect(address).await?;
        stream.set_nodelay(true)?;
        let host = address.to_string();
        let (request, answer) = (Vec::with_capacity(512), Vec::with_capacity(8 * 1024));
        Ok(Self { stream, host, authorization: authorization.to_owned(), request, answer })
    }

    /// GETs `path` and reads the whole answer: its status, or an error when the connection failed
    /// or the answer was not one this client reads (no `Content-Length`, a head past the limit).
    pub async fn get(&mut self, path: &str) -> io::Result<u16> {
        self.request.clear();
        for part in ["GET ", path, " HTTP/1.1\r\nhost: ", &self.host, "\r\nauthorization: ", &self.authorization] {
            self.request.extend_from_slice(part.as_bytes());
        }
        self.request.extend_from_slice(b"\r\n\r\n");
        self.stream.write_all(&self.request).await?;

        self.answer.clear();
        let head_end = loop {
            if let Some(at) = self.answer.windows(4).position(|w| w == b"\r\n\r\n") {
                break at + 4;
            }
            if self.answer.len() > HEAD_LIMIT {
                return Err(invalid("answer head past the limit"));
            }
            self.read_more().await?;
        };
        let (status, length) = parse_head(&self.answer[..head_end])?;
        while self.answer.len() < head_end + length {
            self.read_more().await?;
        }
        if self.answer.len() > head_end + length {
            return Err(invalid("more bytes than the answer's length"));
        }
        Ok(status)
    }

    async fn read_more(&mut self) -> io::Result<()> {
        if self.stream.read_buf(&mut self.answer).await? == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
        Ok(())
    }
}

/// The status and `Content-Length` of an answer's head.
fn parse_head(head: &[u8]) -> io::Result<(u16, usize)> {
    let head = std::str::from_utf8(head).map_err(|_| invalid("answer head is not text"))?;
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|line| line.strip_prefix("HTTP/1.1 "))
        .and_then(|rest| rest.get(..3))
        .and_then(|code| code.parse().ok())
        .ok_or_else(|| invalid("no HTTP/1.1 status line"))?;
    let length = lines
        .filter_map(|line| line.split_once(':'))
        .find(|(name, _)| name.eq_ignore_ascii_case("content-length"))
        .and_then(|(_, value)| value.trim().parse().ok())
        .ok_or_else(|| invalid("no Content-Length"))?;
    Ok((status, length))
}

fn invalid(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, what.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_answer_head_gives_its_status_and_length() {
        let head = b"HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\nContent-Length: 42\r\n\r\n";
        assert_eq!(parse_head(head).unwrap(), (404, 42));
    }

    /// Answers each request on one connection with the next of `answers`, each written in two
    /// pieces so that the client has to read more than once.
    async fn server(answers: Vec<&'static [u8]>) -> SocketAddr {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (mut stream, _) = listener.accept().await.unwrap();
            let mut request = vec![0; 4096];
            for answer in answers {
                let read = stream.read(&mut request).await.unwrap();
                assert!(request[..read].starts_with(b"GET /api/getLeadById/"));
                assert!(request[..read].windows(15).any(|w| w == b"authorization: "));
                let (first, rest) = answer.split_at(answer.len() / 2);
                stream.write_all(first).await.unwrap();
                tokio::time::sleep(std::time::Duration::from_millis(5)).await;
                stream.write_all(rest).await.unwrap();
            }
        });
        address
    }

    #[tokio::test]
    async fn answers_are_read_whole_by_their_length_on_one_kept_connection() {
        let address = server(vec![
            b"HTTP/1.1 200 OK\r\ncontent-length: 11\r\n\r\n[{\"Id\": 1}]",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 2\r\n\r\n{}",
        ])
        .await;
        let mut connection = Connection::open(address, "token").await.unwrap();
        assert_eq!(connection.get("/api/getLeadById/1").await.unwrap(), 200);
        assert_eq!(connection.get("/api/getLeadById/2").await.unwrap(), 404);
        // The server has closed the connection.
        assert!(connection.get("/api/getLeadById/3").await.is_err());
    }

    #[tokio::test]
    async fn an_answer_longer_than_its_length_is_an_error() {
        let address = server(vec![b"HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\n[]"]).await;
        let mut connection = Connection::open(address, "token").await.unwrap();
        assert_eq!(connection.get("/api/getLeadById/1").await.unwrap_err().kind(), io::ErrorKind::InvalidData);
    }

    #[test]
    fn a_chunked_answer_is_refused() {
        let head = b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n";
        assert!(parse_head(head).is_err());
    }
}
