import { test } from '@japa/runner'
import { ipAllowed, parseCidr } from '#services/teams/ip_policy'

test.group('IP allow-lists', () => {
  test('writes every range in its canonical form: the network address and the prefix', ({
    assert,
  }) => {
    const canonical = (text: string) => parseCidr(text)?.cidr
    assert.equal(canonical('10.0.0.1/8'), '10.0.0.0/8')
    assert.equal(canonical('192.168.17.200/20'), '192.168.16.0/20')
    assert.equal(canonical('198.51.100.7'), '198.51.100.7/32')
    assert.equal(canonical('0.0.0.0/0'), '0.0.0.0/0')
    assert.equal(canonical('2001:DB8:0:0::1/32'), '2001:db8::/32')
    assert.equal(canonical('2001:db8:abcd:12::7/64'), '2001:db8:abcd:12::/64')
    assert.equal(canonical('2001:0db8::0001'), '2001:db8::1/128')
    assert.equal(canonical('::/0'), '::/0')
    assert.equal(canonical('fe80::1:2:3:4/127'), 'fe80::1:2:3:4/127')
    assert.equal(canonical('::ffff:10.1.2.3/120'), '::ffff:a01:200/120')
  })

  test('reads IPv4 and IPv6 ranges and bare addresses; refuses anything else', ({ assert }) => {
    assert.deepEqual(parseCidr('203.0.113.0/24'), {
      address: '203.0.113.0',
      prefix: 24,
      family: 'ipv4',
      cidr: '203.0.113.0/24',
    })
    assert.deepEqual(parseCidr(' 2001:db8::/32 '), {
      address: '2001:db8::',
      prefix: 32,
      family: 'ipv6',
      cidr: '2001:db8::/32',
    })
    assert.equal(parseCidr('198.51.100.7')!.prefix, 32)
    assert.equal(parseCidr('::1')!.prefix, 128)
    for (const bad of [
      '10.0.0.256/8',
      '10.0.0.0/33',
      '2001:db8::/129',
      '10.0.0/8',
      'office',
      '10.0.0.0/',
      '10.0.0.0/8/1',
      '10.0.0.0/-1',
    ]) {
      assert.isNull(parseCidr(bad), bad)
    }
  })

  test('IPv4 addresses inside and outside the ranges', ({ assert }) => {
    const ranges = ['10.0.0.0/8', '203.0.113.7']
    assert.isTrue(ipAllowed('10.200.1.1', ranges))
    assert.isTrue(ipAllowed('203.0.113.7', ranges))
    assert.isFalse(ipAllowed('203.0.113.8', ranges))
    assert.isFalse(ipAllowed('11.0.0.1', ranges))
    // An IPv4 client seen through an IPv6 socket.
    assert.isTrue(ipAllowed('::ffff:10.1.2.3', ranges))
  })

  test('IPv6 addresses inside and outside the ranges', ({ assert }) => {
    const ranges = ['2001:db8::/32']
    assert.isTrue(ipAllowed('2001:db8:1234::1', ranges))
    assert.isFalse(ipAllowed('2001:db9::1', ranges))
    assert.isFalse(ipAllowed('10.0.0.1', ranges))
    assert.isFalse(ipAllowed('not-an-ip', ranges))
  })
})
